import { z } from 'zod';

/**
 * The receipt's shape (docs/domain.md#receipts), apart from the code that signs and checks it (receipt.ts): API
 * schemas import this without the ed25519 code every listing page would otherwise load.
 */

const text = z.string().min(1).max(200);

export const saleStatementSchema = z
  .object({
    type: z.literal('vanity-vault/sale-receipt/v1'),
    address: text,
    transactionId: text,
    paymentSignature: text,
    /** The purchase's escrow the payment went to (docs/domain.md#settlement); absent on receipts from before escrow. */
    escrow: text.optional(),
    slot: z.string().regex(/^\d+$/),
    priceLamports: z.string().regex(/^\d+$/),
    buyer: text,
    seller: text,
    cluster: text,
    issuedAt: text,
  })
  .strict();

export const destroyStatementSchema = z
  .object({
    type: z.literal('vanity-vault/destroy-receipt/v1'),
    address: text,
    transactionId: text,
    destroyedAt: text,
    statement: text,
    cluster: text,
    issuedAt: text,
  })
  .strict();

/**
 * A split-key or seed-derived order delivered (DESIGN.md §14): proof, not promise. Split key: anyone recomputes
 * P + t·G and finds `address`; seed-derived: SHA-256(base ‖ seed ‖ owner). Neither value controls the address alone,
 * and the shop never held a key for it.
 */
export const orderDeliveryStatementSchema = z
  .object({
    type: z.literal('vanity-vault/order-delivery/v1'),
    orderId: text,
    lane: z.enum(['split-key', 'seed-derived']),
    address: text,
    basePoint: text.optional(),
    tweak: text.optional(),
    base: text.optional(),
    seed: text.optional(),
    owner: text.optional(),
    keyHeldByShop: z.literal('never'),
    paymentSignature: text,
    escrow: text,
    priceLamports: z.string().regex(/^\d+$/),
    buyer: text,
    cluster: text,
    issuedAt: text,
  })
  .strict();

export const receiptStatementSchema = z.discriminatedUnion('type', [
  saleStatementSchema,
  destroyStatementSchema,
  orderDeliveryStatementSchema,
]);
export type ReceiptStatement = z.infer<typeof receiptStatementSchema>;

export const receiptSchema = z.object({
  statement: receiptStatementSchema,
  /** ed25519 over canonicalBytes(statement), base64. */
  signature: z.string(),
  /** The attestation public key that signed, base58 (also published at GET /api/attestation-key). */
  signer: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;
