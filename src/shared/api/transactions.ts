import { z } from 'zod';
import { FAILURE_KINDS, PURCHASE_STATUSES, type FailureKind, type PurchaseStatus } from '../domain-values';
import { isSolanaAddress, isTransactionSignature } from '../keys/base58';
import { apiErrorSchema } from './error-schema';

/**
 * Purchase API shapes (docs/product-spec.md#data-shapes, docs/product-spec.md#api-calls; docs/domain.md#purchases).
 * Amounts cross the wire as decimal SOL strings, and the amount the wallet must pay as a string of integer lamports, so
 * no float ever carries money.
 */

// Signatures only: an address is checked by isSolanaAddress, which also decodes it.
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

export const walletAddressSchema = z
  .string()
  .trim()
  .min(32, 'Wallet address is too short')
  .max(44, 'Wallet address is too long')
  .refine(isSolanaAddress, 'Wallet address must be base58');

/** A transaction signature: 64 bytes in base58. */
export const signatureSchema = z
  .string()
  .trim()
  .regex(BASE58, 'Transaction signature must be base58')
  .min(64, 'Transaction signature is too short')
  .max(88, 'Transaction signature is too long')
  .refine(isTransactionSignature, 'Transaction signature must be 64 bytes in base58');

export const purchaseStatusSchema = z.enum(PURCHASE_STATUSES);
export type { PurchaseStatus };

/** Why a failed purchase failed (the server's FAILURE_KINDS); null unless status is failed. */
export const failureKindSchema = z.enum(FAILURE_KINDS);

/** Purchases the buyer owns (docs/product-spec.md#private-key: shown as owned; the key may be revealed). */
export const OWNED_STATUSES: readonly PurchaseStatus[] = ['verified', 'completed'];

/** A purchase whose payment settlement sent back (docs/domain.md#settlement); `refundSignatures` say where. */
export const isRefunded = (tx: { failureKind: FailureKind | null }) => tx.failureKind === 'refunded';

const solAmountSchema = z.string().describe('SOL as a decimal string, e.g. "1.5"');
const lamportsSchema = z.string().regex(/^\d+$/).describe('integer lamports as a string');

export const initiatePurchaseBodySchema = z.object({
  addressId: z.uuid({ error: 'addressId must be a listing id' }),
  buyerId: walletAddressSchema.describe('the buyer wallet; must be the signed-in wallet'),
  price: z.union([z.number(), z.string()], { error: 'Price is required' }),
  currency: z.string().trim().toUpperCase().default('SOL'),
  membershipTier: z.string().trim().min(1).max(32).default('basic'),
});
export type InitiatePurchaseBody = z.input<typeof initiatePurchaseBodySchema>;

export const feeCalculationSchema = z.object({
  price: solAmountSchema,
  commissionFee: solAmountSchema,
  networkFee: solAmountSchema,
  totalAmount: solAmountSchema,
});
export type FeeCalculation = z.infer<typeof feeCalculationSchema>;

/**
 * What the wallet must sign (docs/domain.md#payment-transaction): one transfer of `lamports` (the total) to
 * `recipient`, the purchase's own escrow, which is also its `reference`. The server chose every value; the browser
 * only carries them.
 */
export const paymentInstructionsSchema = z.object({
  recipient: z.string().describe("this purchase's escrow address"),
  lamports: lamportsSchema.describe('the total: price + commission + the payout network fee'),
  reference: z.string().describe('the escrow address again; what finds the payment on chain'),
});
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;

export const initiatePurchaseResponseSchema = z.object({
  transactionId: z.uuid(),
  status: purchaseStatusSchema,
  expiresAt: z.iso.datetime(),
  feeCalculation: feeCalculationSchema,
  payment: paymentInstructionsSchema,
});
export type InitiatePurchaseResponse = z.infer<typeof initiatePurchaseResponseSchema>;

export const purchaseIdParamsSchema = z.object({ id: z.uuid({ error: 'Transaction id must be a uuid' }) });
/** GET /api/transactions/{id or txHash}. */
export const purchaseLookupParamsSchema = z.object({
  id: z.string().trim().min(1).max(100, 'Not a transaction id or signature'),
});

export const confirmPurchaseBodySchema = z.object({
  txHash: signatureSchema,
  buyerWallet: walletAddressSchema,
});

export const walletQuerySchema = z.object({ walletAddress: walletAddressSchema.optional() });
export const destroyKeyBodySchema = z.object({ wallet: walletAddressSchema });

export const purchaseSchema = z.object({
  id: z.uuid(),
  status: purchaseStatusSchema,
  txHash: z.string().nullable(),
  /** Same value as txHash; the spec's browser reads both names. */
  blockchainTxHash: z.string().nullable(),
  addressId: z.uuid(),
  /** The buyer's user id; null for a purchase paid through Solana Actions, which creates no user. */
  buyerId: z.uuid().nullable(),
  sellerId: z.uuid(),
  address: z.object({ id: z.uuid(), address: z.string(), rarityScore: z.number(), category: z.string() }),
  buyer: z.object({ walletAddress: z.string() }),
  seller: z.object({ walletAddress: z.string() }),
  network: z.string(),
  price: solAmountSchema,
  currency: z.string(),
  formattedUsd: z.string(),
  feeCalculation: feeCalculationSchema,
  /** The human account of a failure; `failureKind` and `failureCode` say the same for code to branch on. */
  disputeReason: z.string().nullable(),
  failureKind: failureKindSchema.nullable(),
  /** The payment check that failed (a PaymentVerificationCode), when one did. */
  failureCode: z.string().nullable(),
  privateKeyDestroyed: z.boolean(),
  explorerUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  verifiedAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
  /** Only in the buyer's own session, and only while the purchase still waits for its payment. */
  payment: paymentInstructionsSchema.optional(),
  /**
   * The purchase's escrow: where its payment went, and where payouts and refunds come from. Null for a sale recorded
   * without one (the local demo shop's sales), which has nothing to settle.
   */
  escrow: z.string().nullable(),
  /** The transaction that paid the seller out of the escrow, once it landed. */
  payoutSignature: z.string().nullable(),
  /** Refunds that landed for payments into this purchase's escrow, oldest first. */
  refundSignatures: z.array(z.string()),
  /** Lamports refunded so far (what reached the payer, after the network fee), as a string. */
  refundedLamports: lamportsSchema,
});
export type PurchaseView = z.infer<typeof purchaseSchema>;

export const purchaseListSchema = z.array(purchaseSchema);

export const revealKeyResponseSchema = z.object({ success: z.literal(true), privateKey: z.string() });

export const supportInfoSchema = z.object({
  message: z.string(),
  instructions: z.string(),
  txHash: z.string().nullable(),
  contactMethod: z.string(),
});
/** A reveal that failed after the payment was verified: the buyer paid, so tell them how to get help. */
export const revealKeyErrorSchema = apiErrorSchema.extend({ supportInfo: supportInfoSchema.optional() });

export const destroyKeyResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  transactionId: z.uuid(),
});
