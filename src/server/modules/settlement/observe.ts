import { address, signature as toSignature } from '@solana/kit';
import { fetchFromEach } from '@chain/payment/verify-by-quorum';
import { escrowReceiptOf, type EscrowReceipt } from '@chain/payment/verify-payment';
import type { ChainRpc } from '@chain/rpc/chain-rpc';
import type { RefundReason } from '@server/db/schema';
import type { Db } from '@server/db/database';
import { settlementRepository, type EscrowOwner } from './settlement.repository';

/**
 * Where an escrow is read: `rpc` lists its signatures; `quorum` of `rpcs` (VERIFY_QUORUM) must agree on what each
 * transaction left in it before that is recorded. A receipt is what a refund sends back and what the ledger counts, so
 * one lying endpoint must not be able to inflate it: the escrow could then never send it (docs/domain.md#settlement).
 */
export interface EscrowReads {
  rpc: ChainRpc;
  rpcs: readonly ChainRpc[];
  quorum: number;
}

/** What `signature` left in `escrow`, as `quorum` endpoints agree; null when it left nothing or they do not agree. */
async function agreedReceipt(reads: EscrowReads, escrow: string, signature: string): Promise<EscrowReceipt | null> {
  const seen = new Map<string, { receipt: EscrowReceipt; count: number }>();
  for (const tx of await fetchFromEach(reads.rpcs, signature)) {
    const receipt = escrowReceiptOf(escrow, tx);
    if (!receipt) continue;
    const key = [receipt.signature, receipt.slot, receipt.payer, receipt.lamports].join('|');
    seen.set(key, { receipt, count: (seen.get(key)?.count ?? 0) + 1 });
  }
  return [...seen.values()].find((s) => s.count >= reads.quorum)?.receipt ?? null;
}

const PAGE = 100;
/** An escrow with more transactions than this is being spammed: the newest pages are read, the rest next pass. */
const MAX_PAGES = 10;

/**
 * Records every payment that landed in `escrow` and is not recorded yet (docs/domain.md#settlement): one receipt row
 * and its ledger entry each. The chain is read without a lock; the receipt insert is idempotent, so two instances
 * observing one escrow record each payment once. A purchase that is already decided gets its new receipts decided
 * at once (`closed`): whatever reaches it now is refunded. A transaction the endpoints do not agree on yet is left for
 * the next pass. Returns how many receipts this call recorded.
 */
export async function observeEscrow(
  db: Db,
  reads: EscrowReads,
  escrow: string,
  owner: EscrowOwner,
  closed?: RefundReason | (string & {}),
): Promise<number> {
  const pageOf = (before?: string) =>
    reads.rpc
      .getSignaturesForAddress(address(escrow), {
        limit: PAGE,
        commitment: 'confirmed',
        ...(before ? { before: toSignature(before) } : {}),
      })
      .send();
  // Most escrows the worker reads were never paid: their empty list needs no database read.
  const first = await pageOf();
  if (first.length === 0) return 0;
  // A payment recorded between the two reads is listed as fresh, and recording it again is a no-op.
  const known = await settlementRepository.knownSignatures(db, escrow);
  const fresh: { signature: string; slot: bigint }[] = [];
  let before: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const found = page === 0 ? first : await pageOf(before);
    let reachedKnown = false;
    for (const s of found) {
      if (known.has(s.signature)) reachedKnown = true;
      else if (s.err === null) fresh.push({ signature: s.signature, slot: s.slot });
    }
    // Newest first: once a page reaches what is recorded, everything older is recorded too.
    if (found.length < PAGE || reachedKnown) break;
    before = found.at(-1)!.signature;
  }
  let recorded = 0;
  for (const { signature } of fresh.reverse()) {
    const receipt = await agreedReceipt(reads, escrow, signature);
    if (!receipt) continue;
    const stored = await settlementRepository.recordReceipt(db, {
      escrow,
      signature,
      ...owner,
      payer: receipt.payer,
      lamports: receipt.lamports,
      slot: receipt.slot,
      purpose: closed ? 'refund' : null,
      reason: closed ?? null,
    });
    if (stored) recorded += 1;
  }
  return recorded;
}
