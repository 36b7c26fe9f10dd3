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
  const { tx, listing } = detail;
  const rate = ctx.usdPerSol ?? FALLBACK_USD_PER_SOL_TRANSACTION;
  const showPayment = ctx.viewerWallet === detail.buyerWallet && (tx.status === 'initiated' || tx.status === 'pending');
  return {
    id: tx.id,
    status: tx.status as TransactionView['status'],
    txHash: tx.txHash,
    blockchainTxHash: tx.txHash,
    addressId: tx.addressId,
    buyerId: tx.buyerId,
    sellerId: tx.sellerId,
    address: {
      id: listing.id,
      address: listing.address,
      rarityScore: Number(listing.rarityScore),
      category: listing.category,
    },
    buyer: { walletAddress: detail.buyerWallet },
    seller: { walletAddress: detail.sellerWallet },
    network: listing.network,
    price: lamportsToSolString(tx.priceLamports),
    currency: tx.currency,
    formattedUsd: formatUsd(usdValue(tx.priceLamports, rate)),
    feeCalculation: feeCalculationOf({
      price: tx.priceLamports,
      platformFee: tx.commissionLamports,
      networkFee: tx.networkFeeLamports,
    }),
    disputeReason: tx.disputeReason,
    failureKind: tx.failureKind,
    failureCode: tx.failureCode,
    privateKeyDestroyed: tx.privateKeyDestroyed,
    explorerUrl: tx.txHash ? explorerTxUrl(tx.txHash, ctx.cluster, ctx.explorerRpcUrl) : null,
    createdAt: tx.createdAt.toISOString(),
    expiresAt: tx.expiresAt.toISOString(),
    verifiedAt: iso(tx.verifiedAt),
    completedAt: iso(tx.completedAt),
    ...(showPayment ? { payment: paymentOf(tx) } : {}),
  };
}
