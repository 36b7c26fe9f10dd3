import { ed25519 } from '@noble/curves/ed25519.js';
import { getBase58Encoder } from '@solana/kit';
import { receiptSchema, type ReceiptStatement } from './receipt-schema';

/**
 * Signed receipts (docs/domain.md#receipts). A receipt is a statement plus the shop's ed25519 signature over the
 * statement's canonical bytes: the UTF-8 of `JSON.stringify` of the statement with its keys sorted by UTF-16 code unit
 * and no whitespace. Every value is a string (lamports and slots as decimal strings), so this is exactly RFC 8785 (JCS)
 * for these objects and any language reproduces the bytes without a float or number-format question.
 */

export const DESTROY_STATEMENT = 'The vault no longer holds the private key of this address.';

export function canonicalJson(statement: Record<string, string>): string {
  const sorted = Object.keys(statement)
    .sort()
    .map((key) => [key, statement[key]]);
  return JSON.stringify(Object.fromEntries(sorted));
}

export const canonicalBytes = (statement: ReceiptStatement) =>
  new TextEncoder().encode(canonicalJson(statement as Record<string, string>));

export type ReceiptVerdict = { ok: true; statement: ReceiptStatement } | { ok: false; reason: string };

/** Checks a pasted receipt against the shop's published key, here in the browser (or anywhere). */
export function verifyReceipt(input: unknown, attestationPublicKey: string): ReceiptVerdict {
  let raw = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch {
      return { ok: false, reason: 'The receipt is not JSON' };
    }
  }
  const parsed = receiptSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: 'The receipt is not in the Vanity Vault receipt format' };
  const receipt = parsed.data;
  if (receipt.signer !== attestationPublicKey) {
    return { ok: false, reason: "The receipt was signed by another key than the shop's attestation key" };
  }
  let valid: boolean;
  try {
    const signature = Uint8Array.from(atob(receipt.signature), (c) => c.charCodeAt(0));
    const publicKey = new Uint8Array(getBase58Encoder().encode(attestationPublicKey));
    valid = signature.length === 64 && ed25519.verify(signature, canonicalBytes(receipt.statement), publicKey);
  } catch {
    valid = false;
  }
  return valid ? { ok: true, statement: receipt.statement } : { ok: false, reason: 'The signature does not match' };
}
