import {
  address as toAddress,
  getBase58Decoder,
  getOffchainMessageV0Decoder,
  getOffchainMessageV0Encoder,
  OffchainMessageContentFormat,
  type OffchainMessageApplicationDomain,
  type OffchainMessageV0,
  assertIsOffchainMessageRestrictedAsciiOf1232BytesMax,
} from '@solana/kit';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * Proof of custody (docs/domain.md#proof-of-custody): the vault signs a browser-made challenge with the listed
 * address's own key, as a Solana off-chain message (format v0: signing domain `\xffsolana offchain`, version 0, a
 * 32-byte application domain, restricted-ASCII body). The leading 0xff byte can never start a transaction message, so a
 * signature over these bytes can never be replayed as a transaction signature.
 *
 * The format's application domain is 32 bytes; ours is SHA-256 of the shop's origin (e.g. "https://vault.example"),
 * so a proof made for one shop does not verify as a proof from another.
 */

export const CUSTODY_STATEMENT = 'Vanity Vault proof of custody: the vault holds the private key of this address.';

/** The 32-byte application domain of `origin`, as the base58 string Kit's codecs take. */
export function applicationDomainOf(origin: string): OffchainMessageApplicationDomain {
  return getBase58Decoder().decode(sha256(new TextEncoder().encode(origin))) as OffchainMessageApplicationDomain;
}

/** The message text: one printable-ASCII line so hardware wallets and people can read it. */
export function custodyText(fields: { address: string; origin: string; challenge: string; issuedAt: string }): string {
  return (
    `${CUSTODY_STATEMENT} Address: ${fields.address}. Shop: ${fields.origin}. ` +
    `Challenge: ${fields.challenge}. Issued at: ${fields.issuedAt}.`
  );
}

/** The exact bytes the vault signs. */
export function encodeCustodyMessage(fields: {
  address: string;
  origin: string;
  challenge: string;
  issuedAt: string;
}): Uint8Array {
  const message = {
    version: 0 as const,
    applicationDomain: applicationDomainOf(fields.origin),
    content: { format: OffchainMessageContentFormat.RESTRICTED_ASCII_1232_BYTES_MAX, text: custodyText(fields) },
    requiredSignatories: [{ address: toAddress(fields.address) }],
  };
  // Throws for a non-printable character or an over-long body, so nothing outside the format is ever signed.
  assertIsOffchainMessageRestrictedAsciiOf1232BytesMax<OffchainMessageV0>(message);
  return new Uint8Array(getOffchainMessageV0Encoder().encode(message));
}

export interface DecodedCustodyMessage {
  applicationDomain: string;
  signers: string[];
  text: string;
}

/** Reads signed bytes back (throws on anything that is not an off-chain message v0). */
export function decodeCustodyMessage(bytes: Uint8Array): DecodedCustodyMessage {
  const decoded = getOffchainMessageV0Decoder().decode(bytes);
  return {
    applicationDomain: decoded.applicationDomain,
    signers: decoded.requiredSignatories.map((s) => s.address),
    text: decoded.content.text,
  };
}
