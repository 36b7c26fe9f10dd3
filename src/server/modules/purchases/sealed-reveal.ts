import type { SealedRevealResponse } from '@shared/api/trust';
import { sealKey } from '@shared/trust/sealed-key';
import { decodeBase58 } from '@shared/keys/base58';
import { addressOfSecretKey } from '../key-crypto';

/**
 * The sealed form of a reveal (docs/domain.md#sealed-delivery): the key revealKey already checked and audited, sealed
 * to the browser's one-time X25519 key. The plaintext base58 text is what gets sealed, so the opened answer reads
 * exactly like the plain one.
 */
export async function sealRevealedKey(
  privateKey: string,
  transactionId: string,
  recipientPublicKey: string,
): Promise<SealedRevealResponse> {
  const secretKey = decodeBase58(privateKey);
  if (!secretKey) throw new TypeError('revealKey returned a key that is not base58');
  const plaintext = new TextEncoder().encode(privateKey);
  try {
    const address = addressOfSecretKey(secretKey);
    return {
      success: true,
      sealed: await sealKey({ recipientPublicKey, plaintext, transactionId, address }),
    };
  } finally {
    secretKey.fill(0);
    plaintext.fill(0);
  }
}
