import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';

/** An ed25519 key held by the test process; the page never sees the private half. */
export interface TestKeypair {
  address: string;
  publicKey: Uint8Array;
  sign(message: Uint8Array): Uint8Array;
}

export function generateTestKeypair(): TestKeypair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
  return fromKeyObjects(new Uint8Array(raw), privateKey);
}

function fromKeyObjects(publicKey: Uint8Array, privateKey: KeyObject): TestKeypair {
  return {
    address: getBase58Decoder().decode(publicKey),
    publicKey,
    sign: (message) => new Uint8Array(sign(null, message, privateKey)),
  };
}
