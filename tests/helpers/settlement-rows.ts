import { randomBytes } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';
import type { Queryable } from '@server/db/database';
import { addresses, transactions, users, type PurchaseStatus, type TransferLeg } from '@server/db/schema';
import { ledgerOf } from '@server/modules/settlement/outbox';
import {
  purchaseOwner,
  settlementRepository,
  type TransferRow,
} from '@server/modules/settlement/settlement.repository';

/**
 * Settlement rows written straight into a database (docs/domain.md#settlement): a purchase with its escrow, the
 * receipts settlement records, and transfers with the ledger rows a landed one gets. For the ledger check and the
 * admin Settlement page, which only read them. Receipts and transfers go through the settlement repository, so they
 * are exactly what the worker writes.
 */

const b58 = getBase58Decoder();
/** A random 32-byte base58 address (escrow, wallet, listing): unique by construction. */
export const randomAddress = () => b58.decode(randomBytes(32));
export const randomSignature = () => b58.decode(randomBytes(64));

export const NETWORK_FEE = 5_000n;

export interface TestEscrow {
  escrow: string;
  transactionId: string;
  listingAddress: string;
  buyer: string;
  seller: string;
  /** The stand-in ciphertext stored as the escrow's sealed key: output must never contain it. */
  sealedKey: string;
}

/** A listing, its buyer and seller, a purchase in `status` and its escrow key row. */
export async function insertEscrow(
  db: Queryable,
  opts: { status?: PurchaseStatus; priceLamports?: bigint } = {},
): Promise<TestEscrow> {
  const [seller] = await db.insert(users).values({ walletAddress: randomAddress() }).returning();
  const [buyer] = await db.insert(users).values({ walletAddress: randomAddress() }).returning();
  const listingAddress = randomAddress();
  const [listing] = await db
    .insert(addresses)
    .values({ address: listingAddress, sellerId: seller!.id, price: 1_500_000_000n })
    .returning();
  const escrow = randomAddress();
  const [purchase] = await db
    .insert(transactions)
    .values({
      addressId: listing!.id,
      buyerId: buyer!.id,
      buyerWallet: buyer!.walletAddress,
      sellerId: seller!.id,
      price: 1_500_000_000n,
      totalAmount: 1_500_000_000n,
      status: opts.status ?? 'initiated',
      paymentReference: escrow,
      paymentMemo: 'vv:test',
      recipientWallet: seller!.walletAddress,
      priceLamports: opts.priceLamports ?? 1_500_000_000n,
    })
    .returning();
  const sealedKey = `sealed-${randomBytes(16).toString('hex')}`;
  await settlementRepository.insertEscrowKey(db, purchaseOwner(purchase!.id), {
    address: escrow,
    encryptedPrivateKey: sealedKey,
    salt: randomBytes(16).toString('hex'),
    iv: randomBytes(12).toString('hex'),
  });
  return {
    escrow,
    transactionId: purchase!.id,
    listingAddress,
    buyer: buyer!.walletAddress,
    seller: seller!.walletAddress,
    sealedKey,
  };
}

/** A payment seen landing in the escrow, with its ledger row; decided when `purpose` is given. Returns its signature. */
export async function insertReceipt(
  db: Queryable,
  e: TestEscrow,
  lamports: bigint,
  opts: { payer?: string; purpose?: 'sale' | 'refund'; slot?: bigint } = {},
): Promise<string> {
  const signature = randomSignature();
  await settlementRepository.recordReceipt(db, {
    escrow: e.escrow,
    signature,
    transactionId: e.transactionId,
    payer: opts.payer ?? e.buyer,
    lamports,
    slot: opts.slot ?? 1n,
    purpose: opts.purpose ?? null,
    reason: opts.purpose === 'refund' ? 'LOST_RACE' : null,
  });
  return signature;
}

/**
 * A transfer claiming `receipts`: left `signed`, or `landed` with its ledger rows, or `failed` (landed with an
 * error, no ledger rows). `ledger: false` lands it without its ledger rows (a crash at settle:before-ledger).
 */
export async function insertTransfer(
  db: Queryable,
  e: TestEscrow,
  opts: {
    kind: 'payout' | 'refund';
    legs: TransferLeg[];
    receipts: string[];
    status?: 'signed' | 'landed' | 'failed';
    ledger?: boolean;
    at?: Date;
  },
): Promise<TransferRow> {
  const row = await settlementRepository.insertTransfer(
    db,
    {
      escrow: e.escrow,
      ...purchaseOwner(e.transactionId),
      kind: opts.kind,
      legs: opts.legs,
      feeLamports: NETWORK_FEE,
      signature: randomSignature(),
      signedTransaction: randomBytes(64).toString('base64'),
      lastValidBlockHeight: 100n,
    },
    opts.receipts,
  );
  if (!row) throw new Error('the transfer did not claim its receipts');
  const status = opts.status ?? 'landed';
  if (status === 'signed') return row;
  await settlementRepository.finish(
    db,
    row.id,
    status,
    opts.at ?? new Date(),
    status === 'failed' ? 'boom' : undefined,
  );
  if (status === 'landed' && opts.ledger !== false) await settlementRepository.insertLedger(db, ledgerOf(row));
  return row;
}

/** A sale settled end to end: the buyer's payment received, paid out to the seller and the treasury, escrow empty. */
export async function insertSettledSale(
  db: Queryable,
  opts: { price?: bigint; commission?: bigint; at?: Date } = {},
): Promise<{ e: TestEscrow; payout: TransferRow }> {
  const price = opts.price ?? 1_500_000_000n;
  const commission = opts.commission ?? 30_000_000n;
  const e = await insertEscrow(db, { status: 'verified', priceLamports: price });
  const receipt = await insertReceipt(db, e, price + commission + NETWORK_FEE, { purpose: 'sale' });
  const payout = await insertTransfer(db, e, {
    kind: 'payout',
    legs: [
      { to: e.seller, lamports: price.toString(), kind: 'payout' },
      { to: randomAddress(), lamports: commission.toString(), kind: 'commission' },
    ],
    receipts: [receipt],
    at: opts.at,
  });
  return { e, payout };
}
