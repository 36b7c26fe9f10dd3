import { ed25519 } from '@noble/curves/ed25519.js';
import { getBase58Encoder } from '@solana/kit';
import type { CustodyProof } from '../api/trust';
import { applicationDomainOf, decodeCustodyMessage } from './custody-message';

export type CustodyVerdict = { ok: true; issuedAt: string | null } | { ok: false; reason: string };

function fromBase64(value: string): Uint8Array {
  const binary = atob(value);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * The buyer-side check of a custody proof (docs/domain.md#proof-of-custody). It trusts nothing the server says: the
 * signature must verify against the address the buyer is looking at, over an off-chain message for the origin the buyer
 * is on, naming that address and carrying the challenge the buyer made.
 */
export function verifyCustodyProof(
  proof: CustodyProof,
  expected: { address: string; origin: string; challenge: string },
): CustodyVerdict {
  let message: Uint8Array;
  let signature: Uint8Array;
  let decoded: ReturnType<typeof decodeCustodyMessage>;
  try {
    message = fromBase64(proof.message);
    signature = fromBase64(proof.signature);
    decoded = decodeCustodyMessage(message);
  } catch {
    return { ok: false, reason: 'The proof is not a Solana off-chain message' };
  }
  if (decoded.signers.length !== 1 || decoded.signers[0] !== expected.address) {
    return { ok: false, reason: 'The message names another signer than this address' };
  }
  if (decoded.applicationDomain !== applicationDomainOf(expected.origin)) {
    return { ok: false, reason: `The message was made for another site than ${expected.origin}` };
  }
  if (!decoded.text.includes(`Challenge: ${expected.challenge}.`)) {
    return { ok: false, reason: 'The message does not carry the challenge this browser made' };
  }
  if (!decoded.text.includes(`Address: ${expected.address}.`)) {
    return { ok: false, reason: 'The message is about another address' };
  }
  const publicKey = new Uint8Array(getBase58Encoder().encode(expected.address));
  let valid: boolean;
  try {
    valid = signature.length === 64 && ed25519.verify(signature, message, publicKey);
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: 'The signature does not verify against this address' };
  return { ok: true, issuedAt: /Issued at: ([^ ]+Z)\./.exec(decoded.text)?.[1] ?? null };
}
