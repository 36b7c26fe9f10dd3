import type { TransferLeg } from '@server/db/schema';

/** One decided receipt waiting to be sent on (see escrow_receipts). */
export interface UnsentReceipt {
  signature: string;
  payer: string;
  lamports: bigint;
  purpose: 'sale' | 'refund';
}

/** What a sale pays out, as fixed at initiate. */
export interface SaleTerms {
  sellerWallet: string;
  priceLamports: bigint;
  commissionLamports: bigint;
  treasuryWallet: string | null;
}

export interface PlannedTransfer {
  kind: 'payout' | 'refund';
  legs: TransferLeg[];
  /** Signatures of the receipts this transfer sends on. */
  receipts: string[];
}

/**
 * The one transaction that empties what `receipts` put into an escrow (docs/domain.md#settlement), pure so every rule
 * is tested on its own. The escrow signs and pays its one signature's `feeLamports`:
 * - a sale pays the seller exactly the price and the treasury exactly the commission; what the buyer paid above the
 *   total comes back to them. The buyer's total carried the fee, so refunds in the same transaction are whole;
 * - without a sale, every receipt goes back to its payer, and the fee comes out of the largest one.
 * Null when nothing can be sent: refunds that together do not even cover the fee stay as they are (dust).
 */
export function planTransfer(
  receipts: readonly UnsentReceipt[],
  sale: SaleTerms | null,
  feeLamports: bigint,
): PlannedTransfer | null {
  if (receipts.length === 0) return null;
  const legs: TransferLeg[] = [];
  const saleReceipt = receipts.find((r) => r.purpose === 'sale');
  const refunds = receipts.filter((r) => r !== saleReceipt);
  if (saleReceipt) {
    if (!sale) throw new Error('a sale receipt needs the sale terms');
    const commission = sale.treasuryWallet ? sale.commissionLamports : 0n;
    const over = saleReceipt.lamports - sale.priceLamports - commission - feeLamports;
    if (over < 0n) throw new Error('a sale receipt must cover the total');
    legs.push({ to: sale.sellerWallet, lamports: sale.priceLamports.toString(), kind: 'payout' });
    if (commission > 0n) legs.push({ to: sale.treasuryWallet!, lamports: commission.toString(), kind: 'commission' });
    if (over > 0n) legs.push({ to: saleReceipt.payer, lamports: over.toString(), kind: 'refund' });
    for (const r of refunds) legs.push({ to: r.payer, lamports: r.lamports.toString(), kind: 'refund' });
    return { kind: 'payout', legs, receipts: receipts.map((r) => r.signature) };
  }
  const total = refunds.reduce((sum, r) => sum + r.lamports, 0n);
  if (total <= feeLamports) return null;
  const largest = refunds.reduce((a, b) => (b.lamports > a.lamports ? b : a));
  for (const r of refunds) {
    const amount = r === largest ? r.lamports - feeLamports : r.lamports;
    if (amount > 0n) legs.push({ to: r.payer, lamports: amount.toString(), kind: 'refund' });
  }
  // The largest alone may be below the fee when many tiny ones arrived: take the rest of the fee from the others.
  let shortfall = feeLamports - largest.lamports;
  for (let i = legs.length - 1; shortfall > 0n && i >= 0; i -= 1) {
    const leg = legs[i]!;
    const take = BigInt(leg.lamports) < shortfall ? BigInt(leg.lamports) : shortfall;
    leg.lamports = (BigInt(leg.lamports) - take).toString();
    shortfall -= take;
  }
  return {
    kind: 'refund',
    legs: legs.filter((l) => BigInt(l.lamports) > 0n),
    receipts: refunds.map((r) => r.signature),
  };
}
