import { generateKeyPairSync } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';
import type { BulkRowInput } from '@shared/api/listings';

const base58 = getBase58Decoder(); // kit's "decoder" turns bytes into base58 text

/** A real ed25519 keypair (node:crypto) as a Solana address and its base58 64-byte secret key. */
export function realKeypair(): { address: string; base58Secret: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  const seed = Buffer.from(jwk.d!, 'base64url');
  const pub = Buffer.from(jwk.x!, 'base64url');
  const secret = new Uint8Array(64);
  secret.set(seed, 0);
  secret.set(pub, 32);
  const out = { address: base58.decode(pub), base58Secret: base58.decode(secret) };
  secret.fill(0);
  seed.fill(0);
  return out;
}

/**
 * `n` bulk rows with real keys, shaped like an upload: half priced, half auto-priced; one in five declares its
 * first four characters as a prefix pattern.
 */
export function bulkRows(n: number): BulkRowInput[] {
  const rows: BulkRowInput[] = [];
  for (let i = 0; i < n; i++) {
    const kp = realKeypair();
    rows.push({
      line: i + 1,
      address: kp.address,
      privateKey: kp.base58Secret,
      ...(i % 2 === 0 ? { price: '0.75' } : {}),
      ...(i % 5 === 0 ? { pattern: kp.address.slice(0, 4), patternType: 'prefix' } : {}),
    });
  }
  return rows;
}
