import { getBase58Decoder } from '@solana/kit';

/**
 * Every spelling of a secret key (and of its 32-byte seed) a leak could take: base58, base64, base64url, hex (both
 * cases), and JSON arrays with and without spaces. Tests search response bodies for each.
 */
export function keyEncodings(secretKey: Uint8Array): string[] {
  const b58 = getBase58Decoder();
  const out: string[] = [];
  for (const bytes of [secretKey, secretKey.subarray(0, 32)]) {
    const buf = Buffer.from(bytes);
    out.push(
      b58.decode(bytes),
      buf.toString('base64').replace(/=+$/, ''),
      buf.toString('base64url'),
      buf.toString('hex'),
      buf.toString('hex').toUpperCase(),
      JSON.stringify([...bytes]),
      [...bytes].join(', '),
    );
  }
  return out;
}

/** The encodings of `secretKey` found in `text` (none, for a body that does not leak it). */
export const leakedEncodings = (text: string, secretKey: Uint8Array) =>
  keyEncodings(secretKey).filter((form) => text.includes(form));

/** Whether `message` contains any 8-character stretch of `input`: no part of a key may leak. */
export function leaksPartOf(message: string, input: string): boolean {
  const text = input.trim();
  for (let i = 0; i + 8 <= text.length; i++) {
    if (message.includes(text.slice(i, i + 8))) return true;
  }
  return false;
}
