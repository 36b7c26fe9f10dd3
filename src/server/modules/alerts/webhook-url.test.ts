import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { isPublicAddress } from './ip-ranges';
import { checkWebhookUrl, type LookupAll } from './webhook-url';

const table: Record<string, string[]> = {
  'public.example': ['93.184.216.34'],
  'private.example': ['93.184.216.34', '10.0.0.1'],
  'empty.example': [],
};
let lookups: string[] = [];
const lookup: LookupAll = async (host) => {
  lookups.push(host);
  const found = table[host];
  if (!found) throw new Error('ENOTFOUND');
  return found.map((address) => ({ address, family: 4 }));
};
const guard = { lookup, allows: isPublicAddress };

const refusal = (url: string) =>
  checkWebhookUrl(url, guard).then(
    () => null,
    (err: unknown) => (err instanceof AppError ? `${err.statusCode} ${err.code}: ${err.message}` : err),
  );

describe('checkWebhookUrl', () => {
  it('connects a public name to the address it checked', async () => {
    const target = await checkWebhookUrl('https://public.example/hook?x=1', guard);
    expect(target.url.href).toBe('https://public.example/hook?x=1');
    expect(target.connectTo).toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('takes a public literal without a lookup', async () => {
    lookups = [];
    expect((await checkWebhookUrl('http://[2606:4700:4700::1111]:8080/', guard)).connectTo).toEqual({
      address: '2606:4700:4700::1111',
      family: 6,
    });
    expect(lookups).toEqual([]);
  });

  it.each([
    'http://127.0.0.1/',
    'http://[::1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://localhost:8080/',
    'http://private.example/',
    'http://empty.example/',
    'gopher://public.example/',
    'javascript:alert(1)',
    '//public.example/',
  ])('refuses %s', async (url) => {
    expect(await refusal(url)).toBe('400 INVALID_WEBHOOK_URL: url must be a public http(s) address');
  });

  it('names what else is wrong', async () => {
    expect(await refusal('https://user:pw@public.example/')).toMatch(/url must not contain a user name or password/);
    expect(await refusal('https://unknown.example/')).toMatch(/url's host unknown.example does not resolve/);
  });
});
