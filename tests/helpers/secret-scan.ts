import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToNumberBE, bytesToNumberLE } from '@noble/curves/utils.js';
import { decodeBase58 } from '@shared/keys/base58';

/*
 * "No value that controls the address" (docs/domain.md#order-lanes-keys-nobody-else-ever-held), checked rather than
 * assumed: every 32-byte value spelled anywhere in a text (base58, hex or base64, as every layer of this code base
 * writes bytes) is tried as a seed (what wallets import) and as a raw scalar, little- and big-endian (what a split key
 * is). A value controls the address when either gives the address's public key.
 */

const L = ed25519.Point.Fn.ORDER;
const G = ed25519.Point.BASE;

const BASE58_RUN = /[1-9A-HJ-NP-Za-km-z]{32,44}/g;
const HEX_RUN = /[0-9a-fA-F]{64,}/g;
const BASE64_RUN = /[A-Za-z0-9+/_-]{43,}={0,2}/g;

/** Every 32-byte value `text` spells: whole base58 tokens, and each 32-byte window of hex and base64 runs. */
export function spelled32(text: string): Uint8Array[] {
  const found: Uint8Array[] = [];
  for (const [token] of text.matchAll(BASE58_RUN)) {
    const bytes = decodeBase58(token);
    if (bytes?.length === 32) found.push(bytes);
  }
  for (const [run] of text.matchAll(HEX_RUN)) {
    const bytes = Buffer.from(run.slice(0, run.length - (run.length % 2)), 'hex');
    for (let i = 0; i + 32 <= bytes.length; i += 1) found.push(bytes.subarray(i, i + 32));
  }
  for (const [run] of text.matchAll(BASE64_RUN)) {
    const bytes = Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    for (let i = 0; i + 32 <= bytes.length; i += 1) found.push(bytes.subarray(i, i + 32));
  }
  return found;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Does `candidate` control the account whose public key is `publicKey`: as a seed, or as a scalar either way round? */
export function controls(candidate: Uint8Array, publicKey: Uint8Array): boolean {
  if (sameBytes(ed25519.getPublicKey(candidate), publicKey)) return true;
  for (const n of [bytesToNumberLE(candidate), bytesToNumberBE(candidate)]) {
    const scalar = n % L;
    if (scalar !== 0n && sameBytes(G.multiply(scalar).toBytes(), publicKey)) return true;
  }
  return false;
}

/** The places in `sources` (name → text) that spell a value controlling `publicKey`; empty when there is none. */
export function controllingValues(sources: Record<string, string>, publicKey: Uint8Array): string[] {
  const hits: string[] = [];
  const tried = new Set<string>();
  for (const [name, text] of Object.entries(sources)) {
    for (const candidate of spelled32(text)) {
      const key = Buffer.from(candidate).toString('hex');
      if (tried.has(key)) continue;
      tried.add(key);
      if (controls(candidate, publicKey)) hits.push(name);
    }
  }
  return hits;
}
