const BASE64_RE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Canonical padded base64 → bytes, or null. Node's own decoder skips bad characters, which we must not. */
export function decodeStrictBase64(text: string): Uint8Array | null {
  if (typeof text !== 'string' || !BASE64_RE.test(text)) return null;
  return new Uint8Array(Buffer.from(text, 'base64'));
}

export function encodeBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}
