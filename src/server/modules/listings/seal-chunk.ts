import { lamportsToSolString } from '@shared/money';
import { autoPriceLamports } from '@shared/rarity';
import type { VaultCipher } from '../key-crypto';
import type { BulkCandidate } from './bulk-checks';
import { arrayLiteral, ListingColumnsBuilder, type EncodedListings } from './listing-columns';
import { listingRecord } from './listing-record';
import { sealListing, type SealRefusal } from './seal-listing';

/** One chunk of checked bulk rows for a seal worker. */
export interface SealJob {
  rows: readonly BulkCandidate[];
  sellerId: string;
  multiplier: number;
}

/**
 * A sealed chunk, ready for the two INSERTs: the rows of the job that were not refused, in job order, as
 * PostgreSQL array literals (one string per column), plus what the answer shows for each of them.
 */
export interface SealedChunk {
  listings: EncodedListings;
  /** Array literals of the ciphertexts, salts and IVs (base64), row i of each for listing i. */
  keys: { encryptedPrivateKey: string; salt: string; iv: string };
  /** Per stored row: the pattern and price the answer reports. */
  shown: { pattern: (string | null)[]; price: string[] };
  /** Rows whose key was refused, by index in the job; `reason` comes from the vault and never quotes the key. */
  refused: { index: number; refusal: SealRefusal; reason: string }[];
}

/**
 * The expensive part of a bulk upload for one chunk: ownership proof, encryption, rarity, auto-price and the
 * listing columns. Pure apart from randomness, so the workers and the inline fallback run exactly this.
 */
export function sealChunk(cipher: VaultCipher, job: SealJob): SealedChunk {
  // Node's crypto checks each key argument by throwing and catching errors internally (is it a KeyObject? a
  // CryptoKey?); capturing a stack trace for each of those discarded errors is a third of the cost of the
  // ownership proof and half that of the encryption (≈45 µs of ≈165 µs per row). Nothing here needs a stack:
  // the worker forwards no error, and refusals carry only their message.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return sealRows(cipher, job);
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

function sealRows(cipher: VaultCipher, job: SealJob): SealedChunk {
  const listings = new ListingColumnsBuilder();
  const keys = { encryptedPrivateKey: [] as string[], salt: [] as string[], iv: [] as string[] };
  const shown: SealedChunk['shown'] = { pattern: [], price: [] };
  const refused: SealedChunk['refused'] = [];
  job.rows.forEach((row, index) => {
    const seal = sealListing(cipher, row, job.multiplier);
    if (!seal.ok) {
      refused.push({ index, refusal: seal.refusal, reason: seal.reason });
      return;
    }
    const { report } = seal;
    const priceLamports =
      row.priceLamports ??
      autoPriceLamports(report.features.patternLength, row.patternType ?? report.patternPosition ?? undefined);
    const record = listingRecord({ address: row.address, sellerId: job.sellerId, priceLamports, report });
    listings.push(record);
    shown.pattern.push(record.pattern ?? null);
    shown.price.push(lamportsToSolString(priceLamports));
    keys.encryptedPrivateKey.push(seal.encrypted.encryptedPrivateKey);
    keys.salt.push(seal.encrypted.salt);
    keys.iv.push(seal.encrypted.iv);
  });
  return {
    listings: listings.encode(),
    keys: {
      encryptedPrivateKey: arrayLiteral(keys.encryptedPrivateKey),
      salt: arrayLiteral(keys.salt),
      iv: arrayLiteral(keys.iv),
    },
    shown,
    refused,
  };
}
