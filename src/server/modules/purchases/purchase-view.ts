import { explorerTxUrl } from '@chain/explorer';
import type { SolanaCluster } from '@shared/api/config';
import type { PaymentInstructions, PurchaseView } from '@shared/api/transactions';
import { formatUsd, FALLBACK_USD_PER_SOL_TRANSACTION } from '@shared/format/usd';
import { lamportsToSolString, usdValue } from '@shared/money';
import { feeCalculationOf } from './fees';
import type { TransferRow } from '../settlement';
import type { PurchaseDetail, PurchaseRow } from './purchases.repository';

/** The total a purchase's escrow must receive: price, commission when one is charged, and the payout's fee. */
export const totalLamportsOf = (
  row: Pick<PurchaseRow, 'priceLamports' | 'commissionLamports' | 'networkFeeLamports'>,
) => row.priceLamports + row.commissionLamports + row.networkFeeLamports;

/** The payment the wallet must sign, exactly as stored at initiation: the total, into the purchase's escrow. */
export function paymentOf(row: PurchaseRow): PaymentInstructions {
  return {
    recipient: row.paymentReference,
    lamports: totalLamportsOf(row).toString(),
    reference: row.paymentReference,
  };
}

/** What settlement moved for one purchase, from its landed transfers (docs/domain.md#settlement). */
export interface SettlementFacts {
  payoutSignature: string | null;
  refundSignatures: string[];
  refundedLamports: bigint;
}

export function settlementFactsOf(transfers: readonly TransferRow[]): SettlementFacts {
  const facts: SettlementFacts = { payoutSignature: null, refundSignatures: [], refundedLamports: 0n };
  for (const t of transfers) {
    if (t.kind === 'payout') facts.payoutSignature = t.signature;
    const refunded = t.legs.filter((l) => l.kind === 'refund').reduce((sum, l) => sum + BigInt(l.lamports), 0n);
    if (refunded > 0n) {
      facts.refundSignatures.push(t.signature);
      facts.refundedLamports += refunded;
    }
  }
  return facts;
}

export interface ViewContext {
  cluster: SolanaCluster;
  explorerRpcUrl?: string | undefined;
  usdPerSol?: number | undefined;
  /** The signed-in wallet, if any: the buyer also sees the payment instructions. */
  viewerWallet?: string | undefined;
  /**
   * The purchase's escrow (null when it was recorded without one: a demo sale) and its landed payouts and refunds.
   * Without it the view names no escrow.
   */
  settlement?: (SettlementFacts & { escrow: string | null }) | undefined;
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/**
 * The public shape of a purchase (docs/product-spec.md#data-shapes). Never carries a secret; payment instructions only
 * for its buyer.
 */
export function toPurchaseView(detail: PurchaseDetail, ctx: ViewContext): PurchaseView {
  const { purchase, listing } = detail;
  const rate = ctx.usdPerSol ?? FALLBACK_USD_PER_SOL_TRANSACTION;
  const showPayment =
    ctx.viewerWallet === detail.buyerWallet && (purchase.status === 'initiated' || purchase.status === 'pending');
  return {
    id: purchase.id,
    status: purchase.status as PurchaseView['status'],
    txHash: purchase.txHash,
    blockchainTxHash: purchase.txHash,
    addressId: purchase.addressId,
    buyerId: purchase.buyerId,
    sellerId: purchase.sellerId,
    address: {
      id: listing.id,
      address: listing.address,
      rarityScore: Number(listing.rarityScore),
      category: listing.category,
    },
    buyer: { walletAddress: detail.buyerWallet },
    seller: { walletAddress: detail.sellerWallet },
    network: listing.network,
    price: lamportsToSolString(purchase.priceLamports),
    currency: purchase.currency,
    formattedUsd: formatUsd(usdValue(purchase.priceLamports, rate)),
    feeCalculation: feeCalculationOf({
      price: purchase.priceLamports,
      platformFee: purchase.commissionLamports,
      networkFee: purchase.networkFeeLamports,
    }),
    disputeReason: purchase.disputeReason,
    failureKind: purchase.failureKind,
    failureCode: purchase.failureCode,
    privateKeyDestroyed: purchase.privateKeyDestroyed,
    explorerUrl: purchase.txHash ? explorerTxUrl(purchase.txHash, ctx.cluster, ctx.explorerRpcUrl) : null,
    createdAt: purchase.createdAt.toISOString(),
    expiresAt: purchase.expiresAt.toISOString(),
    verifiedAt: iso(purchase.verifiedAt),
    completedAt: iso(purchase.completedAt),
    ...(showPayment ? { payment: paymentOf(purchase) } : {}),
    escrow: ctx.settlement?.escrow ?? null,
    payoutSignature: ctx.settlement?.payoutSignature ?? null,
    refundSignatures: ctx.settlement?.refundSignatures ?? [],
    refundedLamports: (ctx.settlement?.refundedLamports ?? 0n).toString(),
  };
}
