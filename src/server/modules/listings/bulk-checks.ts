import type { BulkRowInput } from '@shared/api/listings';
import { priceProblem } from '@shared/api/listings';
import { isValidSolanaAddress } from '@shared/format/address';
import { findLookalike, lookalikeReason, type KnownAddress } from '@shared/lookalike';
import { PRICE_DECIMALS, parseSolToLamports } from '@shared/money';

/** A row that passed the cheap checks and goes on to the database and the crypto. */
export interface BulkCandidate {
  line: number;
  address: string;
  privateKey: string;
  pattern: string | undefined;
  patternType: string | undefined;
  /** Null: priced automatically from the pattern (spec §9). */
  priceLamports: bigint | null;
}

export interface BulkRejection {
  line: number;
  /** Only a well-formed address is echoed back; anything else might be a key pasted in the wrong column. */
  address: string | null;
  reason: string;
}

/**
 * The checks that need neither the database nor the key's crypto: address, platform, key present, price,
 * duplicates within the batch, look-alikes. Reasons never quote the key.
 */
export function checkBulkRows(
  rows: readonly BulkRowInput[],
  known: readonly KnownAddress[],
): { candidates: BulkCandidate[]; rejected: BulkRejection[] } {
  const candidates: BulkCandidate[] = [];
  const rejected: BulkRejection[] = [];
  const firstLine = new Map<string, number>();

  rows.forEach((row, index) => {
    const line = row.line ?? index + 1;
    const address = row.address.trim();
    const reject = (reason: string, echo = true) => rejected.push({ line, address: echo ? address : null, reason });

    if (address === '') return reject('address is missing', false);
    if (!isValidSolanaAddress(address)) return reject('not a valid Solana address (base58 text of 32 bytes)', false);
    if (row.platform !== undefined && row.platform.trim().toLowerCase() !== 'solana') {
      return reject('only Solana addresses can be listed (platform must be solana)');
    }
    const earlier = firstLine.get(address);
    if (earlier !== undefined) return reject(`duplicate address (already on line ${earlier})`);
    firstLine.set(address, line);
    if (!row.privateKey?.trim()) return reject('private key is missing: it is required to verify ownership');

    let priceLamports: bigint | null = null;
    const price = typeof row.price === 'string' ? row.price.trim() : row.price;
    if (price !== undefined && price !== '') {
      const problem = priceProblem(price);
      if (problem) return reject(problem);
      priceLamports = parseSolToLamports(price, { maxDecimals: PRICE_DECIMALS });
    }
    const lookalike = findLookalike(address, known);
    if (lookalike) return reject(lookalikeReason(lookalike));

    candidates.push({
      line,
      address,
      privateKey: row.privateKey,
      pattern: row.pattern?.trim() || undefined,
      patternType: row.patternType?.trim() || undefined,
      priceLamports,
    });
  });
  return { candidates, rejected };
}
