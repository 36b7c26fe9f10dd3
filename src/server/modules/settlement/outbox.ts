import { getTransferSolInstruction } from '@solana-program/system';
import {
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  signature as toSignature,
  type Base64EncodedWireTransaction,
} from '@solana/kit';
import { LAMPORTS_PER_SIGNATURE } from '@chain/compute-budget';
import type { ChainRpc } from '@chain/rpc/chain-rpc';
import { crashPoint } from '@server/config/crash-point';
import type { Db } from '@server/db/database';
import type { TransferLeg } from '@server/db/schema';
import type { VaultCipher } from '../key-crypto';
import { isUniqueViolation } from '@server/db/unique-violation';
import { escrowSigner } from './escrow-key';
import { planTransfer, type SaleTerms } from './legs';
import {
  escrowAccount,
  ownerOf,
  settlementRepository,
  type EscrowOwner,
  type LedgerEntry,
  type TransferRow,
} from './settlement.repository';

/** The escrow signs alone and sets no priority fee: its transfers cost exactly one signature. */
export const PAYOUT_FEE_LAMPORTS = LAMPORTS_PER_SIGNATURE;

/** How many blockhashes a transfer may outlive unlanded before it waits for an admin. */
const MAX_SIGNINGS = 10;

export interface SettlementDeps {
  db: Db;
  rpc: ChainRpc;
  cipher: VaultCipher;
  now(): Date;
}

async function signLegs(deps: SettlementDeps, escrow: string, legs: readonly TransferLeg[]) {
  const sealed = await settlementRepository.findEscrowKey(deps.db, escrow);
  if (!sealed) throw new Error(`no key for escrow ${escrow}`);
  const signer = await escrowSigner(deps.cipher, sealed);
  const { value: lifetime } = await deps.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
  const instructions = legs.map((leg) =>
    getTransferSolInstruction({ source: signer, destination: address(leg.to), amount: BigInt(leg.lamports) }),
  );
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(signer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  );
  return {
    signature: getSignatureFromTransaction(signed) as string,
    signedTransaction: getBase64EncodedWireTransaction(signed) as string,
    lastValidBlockHeight: lifetime.lastValidBlockHeight,
  };
}

async function send(deps: SettlementDeps, transfer: Pick<TransferRow, 'id' | 'signedTransaction'>): Promise<void> {
  try {
    await deps.rpc
      .sendTransaction(transfer.signedTransaction as Base64EncodedWireTransaction, { encoding: 'base64' })
      .send();
  } catch (err) {
    // A refused send is looked at again next pass (by signature first); the row keeps why, for the admin page.
    await settlementRepository.noteError(deps.db, transfer.id, err instanceof Error ? err.message : String(err));
  }
}

/**
 * Sends on what settlement decided for `escrow` (docs/domain.md#exactly-once-transfers): the transaction is signed,
 * then stored with its signature and its claim on every receipt it moves, and only then sent. A crash anywhere after
 * the store leaves a row that `checkTransfer` finishes; a crash before it leaves nothing signed, and the receipts
 * unclaimed for the next pass. Returns the stored transfer, if any.
 */
export async function sendSettlement(
  deps: SettlementDeps,
  escrow: string,
  saleTerms: (owner: EscrowOwner) => Promise<SaleTerms | null>,
): Promise<TransferRow | undefined> {
  const receipts = await settlementRepository.unsentReceipts(deps.db, escrow);
  if (receipts.length === 0) return undefined;
  const owner = ownerOf(receipts[0]!);
  const hasSale = receipts.some((r) => r.purpose === 'sale');
  const plan = planTransfer(
    receipts.map((r) => ({
      signature: r.signature,
      payer: r.payer,
      lamports: r.lamports,
      purpose: r.purpose as 'sale' | 'refund',
    })),
    hasSale ? await saleTerms(owner) : null,
    PAYOUT_FEE_LAMPORTS,
  );
  if (!plan) return undefined;
  const signed = await signLegs(deps, escrow, plan.legs);
  const stored = await deps.db
    .transaction(async (tx) => {
      const row = await settlementRepository.insertTransfer(
        tx,
        { escrow, ...owner, kind: plan.kind, legs: plan.legs, feeLamports: PAYOUT_FEE_LAMPORTS, ...signed },
        plan.receipts,
      );
      // Another instance claimed one of these receipts first: nothing of this signing may survive.
      if (!row) throw new LostClaim();
      return row;
    })
    .catch((err: unknown) => {
      // Lost to another instance: it claimed a receipt first, or signed the very same transfer (same blockhash).
      if (err instanceof LostClaim || isUniqueViolation(err)) return undefined;
      throw err;
    });
  if (!stored) return undefined;
  crashPoint('settle:before-send');
  await send(deps, stored);
  crashPoint('settle:after-send');
  return stored;
}

class LostClaim extends Error {}

/** The ledger rows of a landed transfer: one per leg, and the network fee. */
export function ledgerOf(t: TransferRow): LedgerEntry[] {
  const from = escrowAccount(t.escrow);
  const accountOf = (leg: TransferLeg) =>
    leg.kind === 'payout' ? `seller:${leg.to}` : leg.kind === 'commission' ? `treasury:${leg.to}` : `payer:${leg.to}`;
  const base = { ...ownerOf(t), escrow: t.escrow, signature: t.signature, fromAccount: from };
  return [
    ...t.legs.map((leg, i) => ({
      ...base,
      kind: leg.kind,
      toAccount: accountOf(leg),
      lamports: BigInt(leg.lamports),
      leg: i + 1,
    })),
    { ...base, kind: 'network-fee' as const, toAccount: 'network-fees', lamports: t.feeLamports, leg: 0 },
  ];
}

export type TransferOutcome = 'landed' | 'failed' | 'waiting' | 'resent' | 'resigned';

/**
 * Moves one stored transfer on (docs/domain.md#exactly-once-transfers). Its signature is checked first: landed, it
 * goes into the ledger; landed with an error, it is marked failed for an admin. Unknown, it is sent again as signed
 * while its blockhash may still land, and only once the cluster's block height has passed the blockhash's last valid
 * height (read before the status, so a landing in between is seen) is it signed afresh. Never two live signings.
 */
export async function checkTransfer(deps: SettlementDeps, t: TransferRow): Promise<TransferOutcome> {
  const height = await deps.rpc.getBlockHeight({ commitment: 'confirmed' }).send();
  const { value } = await deps.rpc
    .getSignatureStatuses([toSignature(t.signature)], { searchTransactionHistory: true })
    .send();
  const status = value[0];
  if (status && status.confirmationStatus !== 'processed') {
    if (status.err !== null) {
      await settlementRepository.finish(deps.db, t.id, 'failed', deps.now(), JSON.stringify(status.err));
      return 'failed';
    }
    crashPoint('settle:before-ledger');
    await deps.db.transaction(async (tx) => {
      if (await settlementRepository.finish(tx, t.id, 'landed', deps.now())) {
        await settlementRepository.insertLedger(tx, ledgerOf(t));
      }
    });
    return 'landed';
  }
  if (status || height <= t.lastValidBlockHeight) {
    await send(deps, t);
    return 'resent';
  }
  // A transfer the cluster refused every time (a leg to an emptied wallet below the rent-exempt minimum) stops here
  // for an admin (the Settlement page lists it with the cluster's words) instead of being signed again forever.
  if (t.attempts >= MAX_SIGNINGS) {
    await settlementRepository.finish(deps.db, t.id, 'failed', deps.now(), t.error ?? 'never landed');
    return 'failed';
  }
  const next = await signLegs(deps, t.escrow, t.legs);
  if (!(await settlementRepository.resign(deps.db, t.id, t.signature, next))) return 'waiting';
  await send(deps, { id: t.id, signedTransaction: next.signedTransaction });
  return 'resigned';
}
