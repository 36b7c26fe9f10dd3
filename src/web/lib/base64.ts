/** Bytes → base64 for API bodies (signatures, signed messages). Inputs are small, so a loop is fine. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
