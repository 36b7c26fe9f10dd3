import { explorerTxUrl } from '@chain/explorer';
import type { SolanaCluster } from '@shared/api/config';
import type { PaymentInstructions, TransactionView } from '@shared/api/transactions';
import { formatUsd, FALLBACK_USD_PER_SOL_TRANSACTION } from '@shared/format/usd';
import { lamportsToSolString, usdValue } from '@shared/money';
import { feeCalculationOf } from './fees';
import type { TransactionDetail, TransactionRow } from './transactions.repository';

/** The payment the wallet must sign, exactly as stored at initiation. */
export function paymentOf(row: TransactionRow): PaymentInstructions {
  const commission = row.treasuryWallet !== null && row.commissionLamports > 0n;
  return {
    recipient: row.recipientWallet,
    lamports: row.priceLamports.toString(),
    reference: row.paymentReference,
    memo: row.paymentMemo,
    ...(commission ? { treasury: row.treasuryWallet!, commissionLamports: row.commissionLamports.toString() } : {}),
  };
}

export interface ViewContext {
  cluster: SolanaCluster;
  explorerRpcUrl?: string | undefined;
  usdPerSol?: number | undefined;
  /** The signed-in wallet, if any: the buyer also sees the payment instructions. */
  viewerWallet?: string | undefined;
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/**
 * The public shape of a purchase (docs/product-spec.md#data-shapes). Never carries a secret; payment instructions only
 * for its buyer.
 */
export function toTransactionView(detail: TransactionDetail, ctx: ViewContext): TransactionView {
  const { purchase, listing } = detail;
  const rate = ctx.usdPerSol ?? FALLBACK_USD_PER_SOL_TRANSACTION;
  const showPayment =
    ctx.viewerWallet === detail.buyerWallet && (purchase.status === 'initiated' || purchase.status === 'pending');
  return {
    id: purchase.id,
    status: purchase.status as TransactionView['status'],
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
  };
}
