import type {
  ActionGetResponse,
  ActionPostResponse,
  ActionsJson,
  CompletedAction,
  TransactionResponse,
} from '@solana/actions-spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionGetResponseSchema,
  actionPostResponseSchema,
  actionsJsonSchema,
  transactionRequestMetaSchema,
  transactionRequestResponseSchema,
} from '@shared/api/pay';
import { transactionRequestUrl } from '@shared/pay/solana-pay-url';
import { createListing, createUser } from '@tests/helpers/factories';
import { newWallet } from '@tests/helpers/wallet';
import { parseSolanaPayUrl, SolanaPayUrlError } from '@tests/helpers/solana-pay-url';
import { postAccount } from './pay-helpers';
import {
  createPurchaseApp,
  createTestChain,
  fund,
  initiateOk,
  type PurchaseTestApp,
  type TestChain,
} from './purchases-helpers';

/**
 * Conformance with the published specs. The response bodies are parsed with strict schemas (no field the spec
 * does not name), and each parsed value is assigned to the @solana/actions-spec type: `npm run typecheck`
 * fails if our shapes drift from the spec's.
 */
const ORIGIN = 'https://shop.example';
let chain: TestChain;
let t: PurchaseTestApp;

/** A signed-in buyer who can afford a reservation (initiate checks the balance, docs/domain.md#reservation-limits). */
async function fundedUser() {
  const user = await createUser(t);
  await fund(chain, user.walletAddress);
  return user;
}

beforeAll(async () => {
  chain = await createTestChain();
  t = await createPurchaseApp({ chain, env: { PUBLIC_ORIGIN: ORIGIN } });
});
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

const headers = { origin: 'https://blinks.example' };
const isAbsoluteHttps = (value: string) => new URL(value).protocol === 'https:';

describe('Solana Actions conformance (@solana/actions-spec)', () => {
  it('actions.json, GET and POST answer the spec types, with the required headers', async () => {
    const { listing } = await createListing(t, { price: '0.5' });

    const rulesRes = await t.app.inject({ method: 'GET', url: '/actions.json', headers });
    const rules: ActionsJson = actionsJsonSchema.strict().parse(rulesRes.json());
    for (const rule of rules.rules) expect(rule.apiPath.startsWith('/')).toBe(true); // relative, as preferred

    const getRes = await t.app.inject({ method: 'GET', url: `/api/actions/listings/${listing.address}`, headers });
    const card: ActionGetResponse = actionGetResponseSchema.strict().parse(getRes.json());
    expect(card.type).toBe('action');
    expect(isAbsoluteHttps(card.icon)).toBe(true);
    expect(card.label.split(/\s+/).length).toBeLessThanOrEqual(5); // "should not exceed 5 word phrases"
    expect(card.label).toMatch(/^Buy /); // "should start with a verb"
    for (const res of [rulesRes, getRes]) {
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['x-action-version']).toMatch(/^\d+\.\d+$/);
      expect(res.headers['x-blockchain-ids']).toMatch(/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/);
    }

    const postRes = await postAccount(t, `/api/actions/listings/${listing.address}`, (await newWallet()).walletAddress);
    const parsed = actionPostResponseSchema.strict().parse(postRes.json());
    const post: ActionPostResponse = parsed;
    const tx: TransactionResponse = parsed;
    expect(post.type).toBe('transaction');
    expect(Buffer.from(tx.transaction, 'base64').length).toBeGreaterThan(100);
    const next = parsed.links.next;
    const completed: CompletedAction = next.action;
    expect(completed.type).toBe('completed');
    expect(isAbsoluteHttps(completed.icon)).toBe(true);
  });

  it('a sold or reserved listing answers a disabled action with an error message, still of the spec type', async () => {
    const { listing } = await createListing(t, { price: '0.5' });
    await initiateOk(t, await fundedUser(), listing);
    const res = await t.app.inject({ method: 'GET', url: `/api/actions/listings/${listing.address}`, headers });
    const card: ActionGetResponse = actionGetResponseSchema.strict().parse(res.json());
    expect(card.disabled).toBe(true);
    expect(card.error?.message).toMatch(/reserved/);
  });
});

describe('Solana Pay transaction request conformance', () => {
  it("the purchase's URL parses as a transaction request whose link answers GET and POST as the spec says", async () => {
    const { listing } = await createListing(t, { price: '0.5' });
    const buyer = await createUser(t);
    await fund(chain, buyer.walletAddress); // initiate checks the balance (docs/domain.md#reservation-limits)
    const started = await initiateOk(t, buyer, listing);
    const url = transactionRequestUrl(ORIGIN, started.transactionId);
    expect(url).toBe(`solana:${ORIGIN}/api/pay/${started.transactionId}`);

    const parsed = parseSolanaPayUrl(url);
    if (parsed.kind !== 'transaction-request') throw new Error(`parsed as ${parsed.kind}`);
    expect(parsed.link.href).toBe(`${ORIGIN}/api/pay/${started.transactionId}`);

    const meta = transactionRequestMetaSchema
      .strict()
      .parse((await t.app.inject({ method: 'GET', url: parsed.link.pathname })).json());
    expect(isAbsoluteHttps(meta.icon)).toBe(true);
    expect(meta.icon).toMatch(/\.svg$/); // SVG, PNG or WebP
    const body = transactionRequestResponseSchema
      .strict()
      .parse((await postAccount(t, parsed.link.pathname, buyer.walletAddress)).json());
    expect(body.transaction).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it('the parser itself follows the spec: encoded links with a query, https only, transfer requests apart', () => {
    const encoded = `solana:${encodeURIComponent('https://shop.example/api/pay?id=1')}?label=Shop`;
    expect(parseSolanaPayUrl(encoded)).toMatchObject({ kind: 'transaction-request', label: 'Shop' });
    expect((parseSolanaPayUrl(encoded) as { link: URL }).link.search).toBe('?id=1');
    expect(() => parseSolanaPayUrl('solana:http://localhost:5000/api/pay/x')).toThrow(SolanaPayUrlError);
    expect(() => parseSolanaPayUrl('https://shop.example/api/pay/x')).toThrow(SolanaPayUrlError);
    expect(parseSolanaPayUrl('solana:mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN?amount=1')).toEqual({
      kind: 'transfer-request',
      recipient: 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN',
    });
  });
});

describe('OpenAPI', () => {
  it('documents the Solana Pay and Actions endpoints with their schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    }>();
    const pay = doc.paths['/api/pay/{transactionId}'];
    const action = doc.paths['/api/actions/listings/{address}'];
    expect(Object.keys(pay ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(action ?? {}).sort()).toEqual(['get', 'post']);
    for (const op of [pay!.post!, action!.post!]) {
      expect(op.requestBody).toBeDefined();
      expect(Object.keys(op.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '409']));
    }
    expect(doc.paths['/api/actions/listings/{address}/icon.svg']?.get).toBeDefined();
    expect(doc.paths['/actions.json']?.get).toBeDefined();
  });
});
