import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ErrorCode } from '@shared/api/errors';
import { WEBHOOK_URL_MESSAGE } from '@shared/api/alerts';
import { badRequest } from '../../http/app-error';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a host name resolves to (node:dns/promises `lookup` with `all`): injected so tests stay offline. */
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;

export interface WebhookGuard {
  lookup: LookupAll;
  /** Whether the server may connect to `ip`. Production: `isPublicAddress` (ip-ranges.ts), always. */
  allows: (ip: string) => boolean;
}

export const defaultLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** A webhook URL that passed the checks, and the one checked address to connect to (no second lookup). */
export interface WebhookTarget {
  url: URL;
  connectTo: ResolvedAddress;
}

const refuse = (message = WEBHOOK_URL_MESSAGE) => badRequest(ErrorCode.INVALID_WEBHOOK_URL, message);

/**
 * The SSRF guard for webhooks: http(s) only, and the literal host or every address its name resolves to must be
 * allowed. Run at registration and again before every delivery: a name that resolved to a public address when it was
 * registered may resolve to 127.0.0.1 now (DNS rebinding), so the delivery connects to the address checked here.
 * Throws a 400 INVALID_WEBHOOK_URL naming `url`.
 */
export async function checkWebhookUrl(raw: string, guard: WebhookGuard): Promise<WebhookTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse();
  // Credentials in the URL would be stored and shown back in the delivery log.
  if (url.username !== '' || url.password !== '') throw refuse('url must not contain a user name or password');
  // WHATWG parsing already folds 0x7f.1 and 2130706433 to 127.0.0.1; IPv6 literals keep their brackets.
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === '' || host === 'localhost' || host.endsWith('.localhost')) throw refuse();
  if (isIP(host) !== 0) {
    if (!guard.allows(host)) throw refuse();
    return { url, connectTo: { address: host, family: isIP(host) } };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await guard.lookup(host);
  } catch {
    throw refuse(`url's host ${host} does not resolve`);
  }
  // Every address, not just the first: the connection could be made to any of them.
  if (addresses.length === 0 || addresses.some((a) => !guard.allows(a.address))) throw refuse();
  return { url, connectTo: addresses[0]! };
}
