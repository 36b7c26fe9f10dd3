import type { ReadonlyUint8Array } from '@solana/kit';
import { randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Account data to be sent in base64, kept as bytes until the answer is written. Serialising a few MiB of base64
 * with JSON.stringify scans every character on one turn of the event loop (tens of ms); `serializeAnswer` writes
 * it in pieces between turns instead. `toJSON` keeps every other reader (the in-process transport, PubSub) as before.
 */
export class Base64Data {
  /** `bytes` to encode, or `text` already in base64 (an account as the chain state keeps it). */
  constructor(
    readonly bytes: ReadonlyUint8Array,
    readonly text?: string,
  ) {}

  static ofText(text: string): Base64Data {
    return new Base64Data(new Uint8Array(0), text);
  }

  toJSON(): string {
    return this.text ?? Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.length).toString('base64');
  }
}

/** Data smaller than this is encoded at once: a lazy piece only pays for itself on large accounts. */
export const LAZY_BASE64_BYTES = 64 * 1024;
/** Bytes encoded per turn of the event loop (a multiple of 3, so the pieces join into one base64 text). */
const PIECE_BYTES = 3 * 64 * 1024;
/** Marks where a Base64Data goes in the JSON text; the nonce keeps a caller's own strings from forging one. */
const MARK = `\u0000vv-b64-${randomBytes(8).toString('hex')}-`;
const MARK_IN_JSON = JSON.stringify(MARK).slice(1, -1);
const SPLIT = new RegExp(`"${MARK_IN_JSON.replace(/\\/g, '\\\\')}(\\d+)"`);

/**
 * A JSON-RPC answer as UTF-8 pieces, with the base64 of large account data written a piece per turn of the event
 * loop, so no one answer holds it for long however much it encodes.
 */
export async function* serializeAnswer(answer: unknown): AsyncGenerator<Buffer> {
  const lazy: Base64Data[] = [];
  // Marks in place of the lazy pieces (JSON.stringify would call their toJSON, encoding them all at once).
  const marked = (value: unknown): unknown => {
    if (value instanceof Base64Data) {
      lazy.push(value);
      return `${MARK}${lazy.length - 1}`;
    }
    if (Array.isArray(value)) return value.map(marked);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, marked(v)]));
    }
    return value;
  };
  const text = JSON.stringify(marked(answer));
  if (lazy.length === 0) return yield Buffer.from(text);
  const parts = text.split(SPLIT);
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) {
      yield Buffer.from(parts[i]!);
      continue;
    }
    const { bytes, text: base64 } = lazy[Number(parts[i])]!;
    yield Buffer.from('"');
    // Base64 is ASCII: latin1 writes it byte for byte.
    const pieceChars = (PIECE_BYTES / 3) * 4;
    for (let at = 0; base64 !== undefined && at < base64.length; at += pieceChars) {
      await nextTurn();
      yield Buffer.from(base64.slice(at, at + pieceChars), 'latin1');
    }
    for (let at = 0; base64 === undefined && at < bytes.length; at += PIECE_BYTES) {
      await nextTurn();
      const piece = bytes.subarray(at, at + PIECE_BYTES);
      yield Buffer.from(Buffer.from(piece.buffer, piece.byteOffset, piece.length).toString('base64'), 'latin1');
    }
    yield Buffer.from('"');
  }
}
