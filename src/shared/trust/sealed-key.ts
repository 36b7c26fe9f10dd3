import { x25519 } from '@noble/curves/ed25519.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * Sealed key delivery (docs/domain.md#sealed-delivery): the browser makes a one-time X25519 key pair for one reveal and
 * sends the public half; the server answers with the secret sealed to it, so no HTTP response body (nor a proxy, a
 * cache or DevTools) ever holds the plaintext. X25519 ECDH with a fresh server key → HKDF-SHA256 → AES-256-GCM, with
 * the transaction id and address as associated data so a sealed answer cannot be passed off for another purchase. Curve
 * and KDF from @noble (audited); AES-GCM from WebCrypto, present in browsers and Node alike.
 */

export const SEALED_KEY_ALGORITHM = 'X25519-HKDF-SHA256-AES-256-GCM';
const HKDF_INFO = new TextEncoder().encode('vanity-vault/sealed-key/v1');
const NONCE_BYTES = 12;

export interface SealedKey {
  algorithm: typeof SEALED_KEY_ALGORITHM;
  /** The server's one-time X25519 public key, base64. */
  ephemeralPublicKey: string;
  /** AES-GCM nonce, base64. */
  nonce: string;
  /** AES-256-GCM ciphertext with its 16-byte tag appended, base64. */
  ciphertext: string;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const associatedData = (transactionId: string, address: string) =>
  new TextEncoder().encode(`vanity-vault/reveal|${transactionId}|${address}`);

async function aesKey(shared: Uint8Array, ephemeralPublic: Uint8Array, recipientPublic: Uint8Array) {
  // Both public keys in the salt bind the derived key to this one exchange.
  const salt = new Uint8Array([...ephemeralPublic, ...recipientPublic]);
  const raw = hkdf(sha256, shared, salt, HKDF_INFO, 32);
  try {
    return await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
  } finally {
    raw.fill(0);
    shared.fill(0);
  }
}

/** A fresh recipient key pair, made once per reveal and dropped after opening. */
export function newRecipientKeyPair(): { secretKey: Uint8Array; publicKey: string } {
  const secretKey = x25519.utils.randomSecretKey();
  return { secretKey, publicKey: toBase64(x25519.getPublicKey(secretKey)) };
}

/**
 * Whether a key can be sealed to: 32 bytes, and not a low-order point (whose shared secret would be all zeros,
 * which noble refuses — better refused before a reveal than after).
 */
export function isRecipientPublicKey(value: string): boolean {
  try {
    const bytes = fromBase64(value);
    if (bytes.length !== 32) return false;
    x25519.getSharedSecret(x25519.utils.randomSecretKey(), bytes);
    return true;
  } catch {
    return false;
  }
}

export async function sealKey(input: {
  recipientPublicKey: string;
  plaintext: Uint8Array;
  transactionId: string;
  address: string;
}): Promise<SealedKey> {
  const recipient = fromBase64(input.recipientPublicKey);
  const ephemeralSecret = x25519.utils.randomSecretKey();
  const ephemeralPublic = x25519.getPublicKey(ephemeralSecret);
  const shared = x25519.getSharedSecret(ephemeralSecret, recipient);
  ephemeralSecret.fill(0);
  const key = await aesKey(shared, ephemeralPublic, recipient);
  const nonce = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: nonce, additionalData: associatedData(input.transactionId, input.address) },
    key,
    input.plaintext as Uint8Array<ArrayBuffer>,
  );
  return {
    algorithm: SEALED_KEY_ALGORITHM,
    ephemeralPublicKey: toBase64(ephemeralPublic),
    nonce: toBase64(nonce),
    ciphertext: toBase64(new Uint8Array(sealed)),
  };
}

/** Opens a sealed answer with the recipient's secret key; throws when any byte or the purchase differs. */
export async function openSealedKey(input: {
  sealed: SealedKey;
  recipientSecretKey: Uint8Array;
  transactionId: string;
  address: string;
}): Promise<Uint8Array> {
  const ephemeralPublic = fromBase64(input.sealed.ephemeralPublicKey);
  const recipientPublic = x25519.getPublicKey(input.recipientSecretKey);
  const shared = x25519.getSharedSecret(input.recipientSecretKey, ephemeralPublic);
  const key = await aesKey(shared, ephemeralPublic, recipientPublic);
  const plain = await crypto.subtle.decrypt(
    {
      name: 'AES-GCM',
      iv: fromBase64(input.sealed.nonce),
      additionalData: associatedData(input.transactionId, input.address),
    },
    key,
    fromBase64(input.sealed.ciphertext),
  );
  return new Uint8Array(plain);
}
