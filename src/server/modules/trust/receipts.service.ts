import { DESTROY_STATEMENT } from '@shared/trust/receipt';
import type { Queryable } from '../../db/database';
import type { Attestation } from './attestation';
import { receiptsRepository } from './receipts.repository';

export interface SaleFacts {
  transactionId: string;
  address: string;
  paymentSignature: string;
  escrow: string;
  slot: bigint | number;
  priceLamports: bigint;
  buyer: string;
  seller: string;
  at: Date;
}

/** Issued in the transaction that records the sale, so a verified purchase always has its receipt. */
/** The signed sale receipt's insert, not run yet: for `inOneStatement` in the transaction that makes the sale. */
export function saleReceiptRow(db: Queryable, attestation: Attestation, sale: SaleFacts) {
  const receipt = attestation.sign({
    type: 'vanity-vault/sale-receipt/v1',
    address: sale.address,
    transactionId: sale.transactionId,
    paymentSignature: sale.paymentSignature,
    escrow: sale.escrow,
    slot: sale.slot.toString(),
    priceLamports: sale.priceLamports.toString(),
    buyer: sale.buyer,
    seller: sale.seller,
    cluster: attestation.cluster,
    issuedAt: sale.at.toISOString(),
  });
  return receiptsRepository.insertRow(db, sale.transactionId, 'sale', receipt);
}

/** Issued in the transaction that deletes the ciphertext: the statement is true once it commits. */
export async function issueDestroyReceipt(
  db: Queryable,
  attestation: Attestation,
  facts: { transactionId: string; address: string; at: Date },
): Promise<void> {
  const receipt = attestation.sign({
    type: 'vanity-vault/destroy-receipt/v1',
    address: facts.address,
    transactionId: facts.transactionId,
    destroyedAt: facts.at.toISOString(),
    statement: DESTROY_STATEMENT,
    cluster: attestation.cluster,
    issuedAt: facts.at.toISOString(),
  });
  await receiptsRepository.insert(db, facts.transactionId, 'destroy', receipt);
}
