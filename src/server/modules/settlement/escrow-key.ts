import { randomBytes } from 'node:crypto';
import { createKeyPairSignerFromBytes, type KeyPairSigner } from '@solana/kit';
import { addressOfSecretKey, secretKeyFromSeed, type EncryptedKeyRow, type VaultCipher } from '../key-crypto';

export interface SealedEscrowKey extends EncryptedKeyRow {
  address: string;
}

/**
 * A fresh escrow keypair (docs/domain.md#settlement): 32 bytes from the CSPRNG, sealed by the vault exactly like a
 * listed key, with the address as the AAD. The plaintext is wiped before this returns; only the ciphertext is kept.
 */
export function newEscrowKey(cipher: VaultCipher): SealedEscrowKey {
  const seed = randomBytes(32);
  const secretKey = secretKeyFromSeed(seed);
  try {
    const address = addressOfSecretKey(secretKey);
    return { address, ...cipher.encrypt(address, secretKey) };
  } finally {
    seed.fill(0);
    secretKey.fill(0);
  }
}

/** The escrow's signer, for a payout or refund; its private key stays a non-extractable CryptoKey. */
export async function escrowSigner(cipher: VaultCipher, sealed: SealedEscrowKey): Promise<KeyPairSigner> {
  const secretKey = cipher.decrypt(sealed.address, sealed);
  try {
    return await createKeyPairSignerFromBytes(secretKey);
  } finally {
    secretKey.fill(0);
  }
}
