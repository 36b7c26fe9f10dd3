import { generateKeyPairSync } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';

/**
 * A fresh random reference (docs/domain.md#reservation): the public key of a throw-away ed25519 key pair, so it is a
 * valid account address nobody controls and no other payment will ever carry. The private half is discarded.
 */
export function newPaymentReference(): string {
  const spki = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' });
  return getBase58Decoder().decode(spki.subarray(spki.length - 32));
}

export const paymentMemoOf = (transactionId: string) => `vv:${transactionId}`;
