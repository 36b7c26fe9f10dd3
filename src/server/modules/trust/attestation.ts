import { ed25519 } from '@noble/curves/ed25519.js';
import { canonicalBytes } from '@shared/trust/receipt';
import type { Receipt, ReceiptStatement } from '@shared/trust/receipt-schema';
import { encodeBase58 } from '@shared/keys/base58';

/**
 * The shop's receipt signer (docs/domain.md#receipts). Holds the seed in this closure only; never logged or returned.
 */
export interface Attestation {
  /** base58, as published at GET /api/attestation-key. */
  publicKey: string;
  /** The cluster receipts name, so a devnet receipt is never mistaken for a mainnet one. */
  cluster: string;
  sign(statement: ReceiptStatement): Receipt;
}

export function createAttestation(seed: Uint8Array, cluster: string): Attestation {
  const publicKey = encodeBase58(ed25519.getPublicKey(seed));
  return {
    publicKey,
    cluster,
    sign: (statement) => ({
      statement,
      signature: Buffer.from(ed25519.sign(canonicalBytes(statement), seed)).toString('base64'),
      signer: publicKey,
    }),
  };
}
