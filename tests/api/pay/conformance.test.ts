import type {
  ActionGetResponse,
  ActionPostResponse,
  ActionsJson,
  CompletedAction,
  TransactionResponse,
} from '@solana/actions-spec';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  actionGetResponseSchema,
  actionPostResponseSchema,
  actionsJsonSchema,
  transactionRequestMetaSchema,
  transactionRequestResponseSchema,
} from '@shared/api/pay';
import { transactionRequestUrl } from '@shared/pay/solana-pay-url';
import {
  actionGetProblems,
  actionPostProblems,
  actionsJsonProblems,
  transactionRequestMetaProblems,
  transactionRequestResponseProblems,
} from '@tests/helpers/actions-spec-validator';
import { createListing, createUser } from '@tests/helpers/factories';
import { newWallet } from '@tests/helpers/wallet';
import { parseSolanaPayUrl, SolanaPayUrlError } from '@tests/helpers/solana-pay-url';
import { postAccount } from '@tests/helpers/pay';
import { fund, initiateOk } from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { fundedBuyer } from '@tests/helpers/purchase-flows';

/**
 * Conformance with the published specs. Our zod schemas are what the routes serialise with, so parsing with them
 * proves little; the checks that can fail are (1) at compile time, every key of our schemas' types is one the
 * @solana/actions-spec type names, and each parsed value is assignable to that type (`npm run typecheck`), and
 * (2) at run time, each body passes a validator written by hand from the spec types
 * (tests/helpers/actions-spec-validator.ts): an extra, missing, renamed or mistyped field fails.
 */

// (1) Our keys ⊆ the spec's keys, at each level we send.
type PostBody = z.infer<typeof actionPostResponseSchema>;
expectTypeOf<keyof z.infer<typeof actionsJsonSchema>>().toExtend<keyof ActionsJson>();
expectTypeOf<keyof z.infer<typeof actionsJsonSchema>['rules'][number]>().toExtend<keyof ActionsJson['rules'][number]>();
expectTypeOf<keyof z.infer<typeof actionGetResponseSchema>>().toExtend<keyof ActionGetResponse>();
expectTypeOf<keyof PostBody>().toExtend<keyof TransactionResponse>();
expectTypeOf<keyof PostBody['links']>().toExtend<keyof NonNullable<TransactionResponse['links']>>();
expectTypeOf<keyof PostBody['links']['next']['action']>().toExtend<keyof CompletedAction>();
const ORIGIN = 'https://shop.example';

const ctx = usePurchaseApp({ env: { PUBLIC_ORIGIN: ORIGIN } });

const headers = { origin: 'https://blinks.example' };
const isAbsoluteHttps = (value: string) => new URL(value).protocol === 'https:';

describe('Solana Actions conformance (@solana/actions-spec)', () => {
  it('actions.json, GET and POST answer the spec types, with the required headers', async () => {
    const { listing } = await createListing(ctx.t, { price: '0.5' });

    const rulesRes = await ctx.t.app.inject({ method: 'GET', url: '/actions.json', headers });
    expect(actionsJsonProblems(rulesRes.json())).toEqual([]);
    const rules: ActionsJson = actionsJsonSchema.strict().parse(rulesRes.json());
    for (const rule of rules.rules) expect(rule.apiPath.startsWith('/')).toBe(true); // relative, as preferred

    const getRes = await ctx.t.app.inject({ method: 'GET', url: `/api/actions/listings/${listing.address}`, headers });
    expect(actionGetProblems(getRes.json())).toEqual([]);
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

    const postRes = await postAccount(
      ctx.t,
      `/api/actions/listings/${listing.address}`,
      (await newWallet()).walletAddress,
    );
    expect(actionPostProblems(postRes.json())).toEqual([]);
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

  it('a listing not for sale answers a disabled action with an error message; one in a web checkout an enabled one', async () => {
    const unlisted = await createListing(ctx.t, { price: '0.5', isListed: false });
    const res = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/actions/listings/${unlisted.listing.address}`,
      headers,
    });
    expect(actionGetProblems(res.json())).toEqual([]);
    const card: ActionGetResponse = actionGetResponseSchema.strict().parse(res.json());
    expect(card.disabled).toBe(true);
    expect(card.error?.message).toBe('This address is not for sale.');

    // A web checkout is a notice, not a lock (docs/domain.md#settlement): the card still sells.
    const { listing } = await createListing(ctx.t, { price: '0.5' });
    await initiateOk(ctx.t, await fundedBuyer(ctx), listing);
    const checkingOut = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/actions/listings/${listing.address}`,
      headers,
    });
    expect(actionGetProblems(checkingOut.json())).toEqual([]);
    const open: ActionGetResponse = actionGetResponseSchema.strict().parse(checkingOut.json());
    expect(open.disabled).toBeUndefined();
    expect(open.label).toBe('Buy for 0.5 SOL');
  });
});

describe('the spec validator', () => {
  it('fails a body with an extra, a missing, a renamed or a mistyped field, and a transaction that is not one', async () => {
    const { listing } = await createListing(ctx.t, { price: '0.5' });
    const card = (
      await ctx.t.app.inject({ method: 'GET', url: `/api/actions/listings/${listing.address}`, headers })
    ).json();
    expect(actionGetProblems(card)).toEqual([]);
    const { label, ...unlabelled } = card;
    expect(actionGetProblems({ ...card, price: '0.5' })).toEqual(['$.price: not in the spec']);
    expect(actionGetProblems(unlabelled)).toEqual(['$.label: required']);
    expect(actionGetProblems({ ...unlabelled, buttonLabel: label })).toEqual([
      '$.buttonLabel: not in the spec',
      '$.label: required',
    ]);
    expect(actionGetProblems({ ...card, disabled: 'no' })).toEqual(['$.disabled: not a boolean']);
    expect(actionGetProblems({ ...card, links: { actions: [{ type: 'transaction', href: '/x' }] } })).toEqual([
      '$.links.actions[0].label: required',
    ]);

    const post = (
      await postAccount(ctx.t, `/api/actions/listings/${listing.address}`, (await newWallet()).walletAddress)
    ).json();
    expect(actionPostProblems(post)).toEqual([]);
    expect(actionPostProblems({ ...post, transaction: Buffer.from('not a transaction').toString('base64') })).toEqual([
      '$.transaction: not a base64 serialised transaction',
    ]);
    const { icon, ...action } = post.links.next.action;
    expect(
      actionPostProblems({ ...post, links: { next: { type: 'inline', action: { ...action, image: icon } } } }),
    ).toEqual(['$.links.next.action.image: not in the spec', '$.links.next.action.icon: required']);
  });
});

describe('Solana Pay transaction request conformance', () => {
  it("the purchase's URL parses as a transaction request whose link answers GET and POST as the spec says", async () => {
    const { listing } = await createListing(ctx.t, { price: '0.5' });
    const buyer = await createUser(ctx.t);
    await fund(ctx.chain, buyer.walletAddress); // initiate checks the balance (docs/domain.md#reservation-limits)
    const started = await initiateOk(ctx.t, buyer, listing);
    const url = transactionRequestUrl(ORIGIN, started.transactionId);
    expect(url).toBe(`solana:${ORIGIN}/api/pay/${started.transactionId}`);

    const parsed = parseSolanaPayUrl(url);
    if (parsed.kind !== 'transaction-request') throw new Error(`parsed as ${parsed.kind}`);
    expect(parsed.link.href).toBe(`${ORIGIN}/api/pay/${started.transactionId}`);

    const metaBody = (await ctx.t.app.inject({ method: 'GET', url: parsed.link.pathname })).json();
    expect(transactionRequestMetaProblems(metaBody)).toEqual([]);
    const meta = transactionRequestMetaSchema.strict().parse(metaBody);
    expect(isAbsoluteHttps(meta.icon)).toBe(true);
    expect(meta.icon).toMatch(/\.svg$/); // SVG, PNG or WebP
    const postBody = (await postAccount(ctx.t, parsed.link.pathname, buyer.walletAddress)).json();
    expect(transactionRequestResponseProblems(postBody)).toEqual([]);
    const body = transactionRequestResponseSchema.strict().parse(postBody);
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
    const doc = (await ctx.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
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
