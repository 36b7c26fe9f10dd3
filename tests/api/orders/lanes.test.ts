import { ed25519 } from '@noble/curves/ed25519.js';
import { fetchMint } from '@solana-program/token';
import {
  address,
  appendTransactionMessageInstructions,
  createSignerFromKeyPair,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  signature as toSignature,
  type Instruction,
  type TransactionPartialSigner,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { chainBalances, checkLedger } from '@server/modules/settlement';
import { TOKEN_PROGRAM } from '@chain/safety/token-bytes';
import type { Order } from '@shared/api/orders';
import { addressBytes, encodeBase58 } from '@shared/keys/base58';
import { createMintInstructions, MINT_ACCOUNT_SIZE, TOKEN_PROGRAM_ADDRESS } from '@shared/mint';
import { seedAddressBytes } from '@shared/seed-address/seed-address';
import {
  asPartialSigner,
  createRawScalarSigner,
  decodeTweak,
  freshNoncePrefix,
  newBaseKey,
  scalarControls,
  tweakedScalar,
} from '@shared/split-key';
import { verifyReceipt } from '@shared/trust/receipt';
import { controllingValues } from '@tests/helpers/secret-scan';
import type { SignedInWallet } from '@tests/helpers/wallet';
import {
  cancelOrder,
  getOrder,
  placeOrder,
  placeOrderOk,
  quote,
  shopWalletEnv,
  waitForOrder,
} from '@tests/helpers/orders';
import { balanceOf, pay, SOL } from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { fundedBuyer } from '@tests/helpers/purchase-flows';
import { settle } from '@tests/helpers/purchase-escrow';

/*
 * Orders whose key nobody else ever holds (docs/domain.md#order-lanes-keys-nobody-else-ever-held). A split-key order
 * (the browser's P = a·G, the shop's t) and a seed-derived order (the shop's seed, the buyer's wallet as base) are paid
 * up front into their own escrow, found, delivered and paid out through the one settlement path; the buyer then creates
 * a token mint at the address.
 */

const logLines: string[] = [];
const shop = shopWalletEnv();

const ctx = usePurchaseApp({
  env: {
    ...shop,
    GRIND_WORKERS: '1',
    ORDER_MAX_PER_WALLET: '3',
    ORDER_LEASE_SECONDS: '3',
    // Every line the server writes is read by the secret scan below.
    LOG_LEVEL: 'trace',
  },
  logStream: { write: (line) => void logLines.push(line) },
});

const json = (cookie: string) => ({ cookie, 'content-type': 'application/json' });
const confirmOrder = (who: SignedInWallet, id: string, signature?: string) =>
  ctx.t.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/confirm`,
    headers: json(who.cookie),
    payload: signature ? { signature } : {},
  });

/** Pays the order's escrow from the requester's wallet and tells the server; answers the order as it then stands. */
async function payOrder(who: SignedInWallet, order: Order): Promise<Order> {
  expect(order.payment).not.toBeNull();
  const signature = await pay(ctx.chain, who, order.payment!);
  const res = await confirmOrder(who, order.id, signature);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Signs with the wallet (fee payer) and any co-signer, sends, and waits for `confirmed`. */
async function send(who: SignedInWallet, instructions: Instruction[]): Promise<string> {
  const payer = await createSignerFromKeyPair(who.keys);
  const { value: lifetime } = await ctx.chain.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  );
  const signature = getSignatureFromTransaction(signed);
  await ctx.chain.rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send();
  for (let i = 0; i < 100; i += 1) {
    const { value } = await ctx.chain.rpc.getSignatureStatuses([signature]).send();
    if (value[0]?.confirmationStatus && value[0].confirmationStatus !== 'processed') {
      expect(value[0].err).toBeNull();
      return signature;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`transaction ${signature} did not confirm`);
}

const rent = () => ctx.chain.rpc.getMinimumBalanceForRentExemption(BigInt(MINT_ACCOUNT_SIZE)).send();

/** Lets the outbox finish every payout and refund sent so far, then reconciles the whole ledger with the chain. */
async function ledgerBalances(): Promise<void> {
  await settle(ctx.t);
  await settle(ctx.t);
  const report = await checkLedger({ db: ctx.t.database.db, balances: chainBalances(ctx.chain.rpc) });
  expect(report.differences).toEqual([]);
  expect(report.balanced).toBe(true);
}

/** Every value the shop wrote anywhere: each table's rows, the vault opened, its logs, the chain's transactions. */
async function everythingTheShopWrote(addresses: string[]): Promise<Record<string, string>> {
  const sources: Record<string, string> = {};
  const tables = await ctx.t.database.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
  );
  for (const { name } of tables) {
    const rows = await ctx.t.database.query<{ row: string }>(`select row_to_json(x)::text as row from "${name}" x`);
    sources[`table ${name}`] = rows.map((r) => r.row).join('\n');
  }
  // The vault opened: every sealed key (listed keys and escrow keys) decrypted with the master key.
  const sealed = await ctx.t.database.query<{
    address: string;
    encrypted_private_key: string;
    salt: string;
    iv: string;
  }>(
    `select a.address, k.encrypted_private_key, k.salt, k.iv from encrypted_keys k join addresses a on a.id = k.address_id
     union all select address, encrypted_private_key, salt, iv from escrow_keys`,
  );
  sources.vault = sealed
    .map((k) =>
      Buffer.from(
        ctx.t.app.vault.cipher.decrypt(k.address, {
          encryptedPrivateKey: k.encrypted_private_key,
          salt: k.salt,
          iv: k.iv,
        }),
      ).toString('hex'),
    )
    .join('\n');
  sources.logs = logLines.join('');
  const journal: string[] = [];
  for (const account of addresses) {
    const signatures = await ctx.chain.rpc.getSignaturesForAddress(address(account), { limit: 1000 }).send();
    for (const s of signatures) {
      const tx = await ctx.chain.rpc
        .getTransaction(s.signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 })
        .send();
      journal.push(JSON.stringify(tx, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
    }
  }
  sources['chain journal'] = journal.join('\n');
  return sources;
}

describe('split-key orders: a mint whose key nobody else ever held', () => {
  it('is quoted, paid into its escrow, found, delivered with t and paid out; the mint is created at the address', async () => {
    const buyer = await fundedBuyer(ctx);
    const before = await balanceOf(ctx.chain, buyer.walletAddress);
    const quoted = (await quote(ctx.t, { pattern: 'Vv', position: 'prefix', lane: 'split-key' })).json();
    expect(quoted).toMatchObject({ lane: 'split-key', pattern: 'Vv' });

    // The browser's side: a fresh a, and only P leaves it.
    const { scalar: a, basePoint } = newBaseKey();
    const placed = await placeOrderOk(ctx.t, buyer, {
      pattern: 'Vv',
      position: 'prefix',
      lane: 'split-key',
      basePoint: encodeBase58(basePoint),
    });
    expect(placed).toMatchObject({
      lane: 'split-key',
      status: 'awaiting-payment',
      price: quoted.price,
      basePoint: encodeBase58(basePoint),
      tweak: null,
      address: null,
    });
    expect(placed.payment!.recipient).toBe(placed.payment!.reference);
    expect(new Date(placed.deadline!).getTime()).toBeGreaterThan(Date.now() + 60 * 60 * 1000);

    const paid = await payOrder(buyer, placed);
    expect(['queued', 'grinding']).toContain(paid.status);
    expect(paid.payment).toBeNull();

    await ctx.t.app.orders.start();
    const delivered = await waitForOrder(ctx.t, buyer, placed.id, (o) => o.status === 'delivered');
    expect(delivered.address!.startsWith('Vv')).toBe(true);
    expect(delivered.tweak).not.toBeNull();

    // The page's check before it signs anything: a + t controls the address.
    const aPrime = tweakedScalar(a, decodeTweak(delivered.tweak!)!);
    expect(scalarControls(aPrime, addressBytes(delivered.address!)!)).toBe(true);

    // Proof, not promise: the signed receipt names the lane, P, t and the address, and says the shop never held it.
    const receipt = delivered.receipt!;
    expect(receipt.statement).toMatchObject({
      type: 'vanity-vault/order-delivery/v1',
      lane: 'split-key',
      address: delivered.address,
      basePoint: encodeBase58(basePoint),
      tweak: delivered.tweak,
      keyHeldByShop: 'never',
      buyer: buyer.walletAddress,
    });
    const attestationKey = (await ctx.t.app.inject({ method: 'GET', url: '/api/attestation-key' })).json().publicKey;
    expect(verifyReceipt(receipt, attestationKey)).toMatchObject({ ok: true });

    // The address page says so, to anyone, without the buyer or t.
    const provenance = await ctx.t.app.inject({ method: 'GET', url: `/api/addresses/provenance/${delivered.address}` });
    expect(provenance.json()).toEqual({
      address: delivered.address,
      lane: 'split-key',
      keyHeldByShop: 'never',
      pattern: 'Vv',
      position: 'prefix',
      deliveredAt: delivered.foundAt,
    });
    const unknown = await ctx.t.app.inject({ method: 'GET', url: `/api/addresses/provenance/${buyer.walletAddress}` });
    expect(unknown.json()).toBeNull();

    // The buyer creates the mint: the wallet pays the fee, a' co-signs the account's creation.
    const account: TransactionPartialSigner = asPartialSigner(createRawScalarSigner(aPrime, freshNoncePrefix()));
    expect(account.address).toBe(delivered.address);
    await send(
      buyer,
      createMintInstructions({
        account: { lane: 'split-key', account },
        payer: await createSignerFromKeyPair(buyer.keys),
        mintAuthority: address(buyer.walletAddress),
        decimals: 6,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
        rentLamports: await rent(),
      }),
    );
    const mint = await fetchMint(ctx.chain.rpc, address(delivered.address!));
    expect(mint.programAddress).toBe(TOKEN_PROGRAM);
    expect(mint.data.mintAuthority).toMatchObject({ __option: 'Some', value: buyer.walletAddress });
    expect(mint.data.decimals).toBe(6);

    // The shop was paid exactly the price, from the escrow; the buyer paid the total and the mint's costs.
    await ledgerBalances();
    const settled = (await getOrder(ctx.t, buyer, placed.id)).json() as Order;
    expect(settled.payoutSignature).not.toBeNull();
    expect(settled.refundSignatures).toEqual([]);
    expect(await balanceOf(ctx.chain, shop.SHOP_WALLET)).toBe(BigInt(Math.round(Number(quoted.price) * Number(SOL))));
    expect(await balanceOf(ctx.chain, buyer.walletAddress)).toBeLessThan(before - BigInt(placed.payment!.lamports));

    // Nothing the shop wrote anywhere controls the address: not a', not any 32 bytes whose key gives it.
    const sources = await everythingTheShopWrote([
      delivered.address!,
      buyer.walletAddress,
      placed.payment!.recipient,
      shop.SHOP_WALLET,
    ]);
    expect(Object.keys(sources)).toEqual(expect.arrayContaining(['table custom_orders', 'vault', 'logs']));
    expect(sources.logs).toContain('custom order ground'); // the grinder's own lines are among those scanned
    expect(sources['table custom_orders']).toContain(delivered.tweak);
    expect(sources['chain journal']).toContain('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA invoke'); // the mint's creation
    const publicKey = addressBytes(delivered.address!)!;
    expect(controllingValues(sources, publicKey)).toEqual([]);
    // The scan finds such a value when there is one: a' spelled as the page holds it.
    const aPrimeHex = aPrime.toString(16).padStart(64, '0');
    expect(controllingValues({ planted: `x ${aPrimeHex} y` }, publicKey)).toEqual(['planted']);
  });

  it('refuses a base point off the curve, of small order, already seen, or a field of another lane: 400, nothing stored', async () => {
    const buyer = await fundedBuyer(ctx);
    const order = (extra: object) => placeOrder(ctx.t, buyer, { pattern: 'Ab', position: 'prefix', ...extra });
    const countOrders = async () =>
      Number((await ctx.t.database.query<{ n: string }>('select count(*)::text as n from custom_orders'))[0]!.n);
    const start = await countOrders();

    // y = 2 has no x on the curve; the identity (0, 1) is of small order.
    const offCurve = new Uint8Array(32);
    offCurve[0] = 2;
    const identity = ed25519.Point.ZERO.toBytes();
    for (const [body, code, words] of [
      [
        { lane: 'split-key', basePoint: encodeBase58(offCurve) },
        'INVALID_BASE_POINT',
        'not a point on the ed25519 curve',
      ],
      [{ lane: 'split-key', basePoint: encodeBase58(identity) }, 'INVALID_BASE_POINT', 'small-order'],
      [{ lane: 'split-key', basePoint: 'not-base58-0OIl' }, 'VALIDATION_FAILED', 'basePoint'],
      [{ lane: 'split-key' }, 'INVALID_LANE_INPUT', 'basePoint is required'],
      [{ lane: 'wallet', basePoint: encodeBase58(newBaseKey().basePoint) }, 'INVALID_LANE_INPUT', 'basePoint'],
      [
        { lane: 'split-key', basePoint: encodeBase58(newBaseKey().basePoint), owner: TOKEN_PROGRAM },
        'INVALID_LANE_INPUT',
        'owner',
      ],
      [{ lane: 'teleport' }, 'VALIDATION_FAILED', 'lane'],
    ] as const) {
      const res = await order(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: code });
      expect(res.json().message).toContain(words);
    }

    const basePoint = encodeBase58(newBaseKey().basePoint);
    expect((await order({ lane: 'split-key', basePoint })).statusCode).toBe(201);
    const again = await order({ lane: 'split-key', basePoint });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'BASE_POINT_REUSED' });
    expect(await countOrders()).toBe(start + 1);
  });
});

describe('seed-derived orders: an account with no key at all', () => {
  it("grinds a seed for the buyer's wallet and the Token program; the wallet alone creates the mint", async () => {
    const buyer = await fundedBuyer(ctx);
    const placed = await placeOrderOk(ctx.t, buyer, {
      pattern: 'v9z',
      position: 'suffix',
      caseSensitive: false,
      lane: 'seed-derived',
    });
    expect(placed).toMatchObject({
      lane: 'seed-derived',
      status: 'awaiting-payment',
      base: buyer.walletAddress,
      owner: TOKEN_PROGRAM,
    });
    await payOrder(buyer, placed);
    await ctx.t.app.orders.start();
    const delivered = await waitForOrder(ctx.t, buyer, placed.id, (o) => o.status === 'delivered');
    expect(delivered.address!.toLowerCase().endsWith('v9z')).toBe(true);
    const derived = seedAddressBytes(addressBytes(buyer.walletAddress)!, delivered.seed!, addressBytes(TOKEN_PROGRAM)!);
    expect(encodeBase58(derived)).toBe(delivered.address);
    expect(delivered.receipt!.statement).toMatchObject({
      lane: 'seed-derived',
      seed: delivered.seed,
      base: buyer.walletAddress,
      owner: TOKEN_PROGRAM,
      keyHeldByShop: 'never',
    });

    const wallet = await createSignerFromKeyPair(buyer.keys);
    await send(
      buyer,
      createMintInstructions({
        account: { lane: 'seed-derived', address: address(delivered.address!), base: wallet, seed: delivered.seed! },
        payer: wallet,
        mintAuthority: wallet.address,
        decimals: 0,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
        rentLamports: await rent(),
      }),
    );
    const mint = await fetchMint(ctx.chain.rpc, address(delivered.address!));
    expect(mint.data.mintAuthority).toMatchObject({ __option: 'Some', value: buyer.walletAddress });
    await ledgerBalances();
  });
});

describe('the deposit comes back by itself', () => {
  it('when nothing is found by the deadline, when the order is cancelled, and when a payment is short', async () => {
    await ctx.t.app.orders.stop(); // nothing is ground in this test: each deposit must come back
    const buyer = await fundedBuyer(ctx);
    const place = () =>
      placeOrderOk(ctx.t, buyer, {
        pattern: 'Ab',
        position: 'prefix',
        lane: 'split-key',
        basePoint: encodeBase58(newBaseKey().basePoint),
      });

    // Paid, then past its deadline: refunded in full less the refund's network fee.
    const late = await place();
    expect((await payOrder(buyer, late)).status).toBe('queued');
    await ctx.t.database.query(
      "update custom_orders set deadline = now() - interval '1 second', escrow_checked_at = null where id = $1",
      [late.id],
    );
    await ctx.t.app.orders.settle();
    // Paid, then cancelled by its requester.
    const cancelled = await place();
    await payOrder(buyer, cancelled);
    expect((await cancelOrder(ctx.t, buyer, cancelled.id)).json()).toMatchObject({ status: 'cancelled' });
    // Short: the escrow gets less than the total.
    const short = await place();
    await pay(ctx.chain, buyer, { ...short.payment!, lamports: (BigInt(short.payment!.lamports) - 1000n).toString() });
    expect((await confirmOrder(buyer, short.id)).json()).toMatchObject({ status: 'awaiting-payment' });

    await ledgerBalances();
    for (const [order, status] of [
      [late, 'refunded'],
      [cancelled, 'cancelled'],
      [short, 'awaiting-payment'],
    ] as const) {
      const now = (await getOrder(ctx.t, buyer, order.id)).json() as Order;
      expect(now.status).toBe(status);
      expect(now.refundSignatures).toHaveLength(1);
      expect(now.tweak).toBeNull();
      // Everything left the escrow: the refund and its network fee.
      expect(await balanceOf(ctx.chain, order.payment!.recipient)).toBe(0n);
      const refund = await ctx.chain.rpc
        .getTransaction(toSignature(now.refundSignatures[0]!), { encoding: 'json', maxSupportedTransactionVersion: 0 })
        .send();
      expect(refund?.meta?.err).toBeNull();
    }
    const reasons = await ctx.t.database.query<{ reason: string }>(
      'select reason from escrow_receipts where order_id = any($1::uuid[]) order by reason',
      [[late.id, cancelled.id, short.id]],
    );
    expect(reasons.map((r) => r.reason)).toEqual(['AMOUNT_TOO_LOW', 'NOT_FOUND_BY_DEADLINE', 'ORDER_CANCELLED']);

    // A payment that reaches a closed order's escrow later still comes back, by the worker's pass alone.
    await pay(ctx.chain, buyer, cancelled.payment!);
    await ctx.t.database.query('update custom_orders set escrow_checked_at = null where id = $1', [cancelled.id]);
    await ctx.t.app.orders.settle();
    await ledgerBalances();
    const closed = (await getOrder(ctx.t, buyer, cancelled.id)).json() as Order;
    expect(closed.refundSignatures).toHaveLength(2);
    expect(await balanceOf(ctx.chain, cancelled.payment!.recipient)).toBe(0n);
  });
});
