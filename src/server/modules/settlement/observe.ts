import { address, signature as toSignature } from '@solana/kit';
import { fetchPaymentTransaction } from '@chain/payment/find-payment';
import { escrowReceiptOf } from '@chain/payment/verify-payment';
import type { ChainRpc } from '@chain/rpc/chain-rpc';
import type { RefundReason } from '@server/db/schema';
import type { Db } from '@server/db/database';
import { settlementRepository } from './settlement.repository';

const PAGE = 100;
/** An escrow with more transactions than this is being spammed: the newest pages are read, the rest next pass. */
const MAX_PAGES = 10;

/**
 * Records every payment that landed in `escrow` and is not recorded yet (docs/domain.md#settlement): one receipt row
 * and its ledger entry each. The chain is read without a lock; the receipt insert is idempotent, so two instances
 * observing one escrow record each payment once. A purchase that is already decided gets its new receipts decided
 * at once (`closed`): whatever reaches it now is refunded. Returns how many receipts this call recorded.
 */
export async function observeEscrow(
  db: Db,
  rpc: ChainRpc,
  escrow: string,
  transactionId: string,
  closed?: RefundReason,
): Promise<number> {
  const known = await settlementRepository.knownSignatures(db, escrow);
  const fresh: { signature: string; slot: bigint }[] = [];
  let before: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const found = await rpc
      .getSignaturesForAddress(address(escrow), {
        limit: PAGE,
        commitment: 'confirmed',
        ...(before ? { before: toSignature(before) } : {}),
      })
      .send();
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
    const receipt = escrowReceiptOf(escrow, await fetchPaymentTransaction(rpc, signature));
    if (!receipt) continue;
    const stored = await settlementRepository.recordReceipt(db, {
      escrow,
      signature,
      transactionId,
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
