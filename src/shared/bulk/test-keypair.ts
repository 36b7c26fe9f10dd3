import { ed25519 } from '@noble/curves/ed25519.js';
import { getBase58Decoder } from '@solana/kit';

const b58 = getBase58Decoder();

/** A fresh keypair per call, so the bulk tests never hold a fixed private key. */
export function keypair() {
  const seed = ed25519.utils.randomSecretKey();
  const pub = ed25519.getPublicKey(seed);
  return { address: b58.decode(pub), secret: b58.decode(new Uint8Array([...seed, ...pub])) };
}
