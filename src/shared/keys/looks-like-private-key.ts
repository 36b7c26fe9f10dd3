/**
 * Whether pasted text has the shape of a private key rather than an address. Used to refuse
 * such text without ever echoing it back. Shape only, no decoding: a false positive costs a friendly warning,
 * a false negative returns a secret in a response body.
 *
 * - base58 or base64 of 64 bytes (a Phantom export is 87–88 base58 characters; an address is 32–44);
 * - hex of a 32-byte seed or a 64-byte key, with or without 0x (an Ethereum address is 40 hex digits);
 * - a JSON-ish array of many numbers (what solana-keygen writes), even cut short or reformatted.
 */
const LONG_BASE58_OR_64 = /^[A-Za-z0-9+/]{80,90}={0,2}$/;
const HEX_KEY = /^(?:0x)?(?:[0-9a-fA-F]{64}|[0-9a-fA-F]{128})$/;
const NUMBER_LIST = /^\[?\s*(?:\d{1,3}\s*,\s*){15,}\d{0,3}\s*,?\s*\]?$/;

export function looksLikePrivateKey(text: string): boolean {
  const t = text.trim();
  return LONG_BASE58_OR_64.test(t) || HEX_KEY.test(t) || NUMBER_LIST.test(t);
}

export const PASTED_PRIVATE_KEY_MESSAGE =
  'This looks like a private key, not an address. It was not stored or shown back. Never paste a private key ' +
  'into any site or form: whoever sees it controls everything in that wallet. Paste the public address instead.';
