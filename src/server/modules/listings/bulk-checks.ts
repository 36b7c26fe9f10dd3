import type { BulkRowInput } from '@shared/api/listings';
import { priceProblem } from '@shared/api/listings';
import { LOOKALIKE_EDGE, lookalikeReason, type KnownAddress } from '@shared/lookalike';
import { PRICE_RULES, parseSolInput } from '@shared/sol-input';
import { isSolanaAddress } from '@shared/keys/base58';

/** A row that passed the cheap checks and goes on to the database and the crypto. */
export interface BulkCandidate {
  line: number;
  address: string;
  privateKey: string;
  pattern: string | undefined;
  patternType: string | undefined;
  /** Null: priced automatically from the pattern (docs/product-spec.md#constants-and-limits). */
  priceLamports: bigint | null;
}

export interface BulkRejection {
  line: number;
  /** Only a well-formed address is echoed back; anything else might be a key pasted in the wrong column. */
  address: string | null;
  reason: string;
}

/** What the checks of one upload share: the lines seen so far, the look-alike index, prices already read. */
interface Batch {
  firstLine: Map<string, number>;
  /** `findLookalike` as one lookup: first and last LOOKALIKE_EDGE characters → the first such known address. */
  lookalikes: Map<string, KnownAddress>;
  /** Uploads repeat a handful of prices: each distinct one is read once (its problem, or its lamports). */
  prices: Map<string | number, string | bigint>;
}

const edges = (address: string) => address.slice(0, LOOKALIKE_EDGE) + address.slice(-LOOKALIKE_EDGE);

/**
 * The checks that need neither the database nor the key's crypto: address, platform, key present, price,
 * duplicates within the batch, look-alikes. Reasons never quote the key. A plain loop over one function: it
 * runs on the request's thread for up to 100,000 rows, so nothing is allocated per row beyond its result.
 */
export function checkBulkRows(
  rows: readonly BulkRowInput[],
  known: readonly KnownAddress[],
): { candidates: BulkCandidate[]; rejected: BulkRejection[] } {
  const batch: Batch = { firstLine: new Map(), lookalikes: new Map(), prices: new Map() };
  for (const k of known) {
    if (k.address.length < LOOKALIKE_EDGE) continue; // findLookalike can never match it
    if (!batch.lookalikes.has(edges(k.address))) batch.lookalikes.set(edges(k.address), k);
  }
  const candidates: BulkCandidate[] = [];
  const rejected: BulkRejection[] = [];
  for (let index = 0; index < rows.length; index++) {
    const checked = checkRow(rows[index]!, index, batch);
    if ('reason' in checked) rejected.push(checked);
    else candidates.push(checked);
  }
  return { candidates, rejected };
}

function checkRow(row: BulkRowInput, index: number, batch: Batch): BulkCandidate | BulkRejection {
  const line = row.line ?? index + 1;
  const address = row.address.trim();
  if (address === '') return { line, address: null, reason: 'address is missing' };
  if (!isSolanaAddress(address)) {
    return { line, address: null, reason: 'not a valid Solana address (base58 text of 32 bytes)' };
  }
  if (row.platform !== undefined && row.platform.trim().toLowerCase() !== 'solana') {
    return { line, address, reason: 'only Solana addresses can be listed (platform must be solana)' };
  }
  const earlier = batch.firstLine.get(address);
  if (earlier !== undefined) return { line, address, reason: `duplicate address (already on line ${earlier})` };
  batch.firstLine.set(address, line);
  if (!row.privateKey?.trim()) {
    return { line, address, reason: 'private key is missing: it is required to verify ownership' };
  }

  let priceLamports: bigint | null = null;
  const price = typeof row.price === 'string' ? row.price.trim() : row.price;
  if (price !== undefined && price !== '') {
    let read = batch.prices.get(price);
    if (read === undefined) {
      // The create form's reader and reasons ("0,5" is 0.5; "-1" is refused, never read as 1).
      const parsed = parseSolInput(price, PRICE_RULES);
      read = parsed.ok ? parsed.lamports : (priceProblem(price) ?? parsed.reason);
      batch.prices.set(price, read);
    }
    if (typeof read === 'string') return { line, address, reason: read };
    priceLamports = read;
  }
  const lookalike = batch.lookalikes.get(edges(address));
  if (lookalike) return { line, address, reason: lookalikeReason(lookalike) };

  return {
    line,
    address,
    privateKey: row.privateKey,
    pattern: row.pattern?.trim() || undefined,
    patternType: row.patternType?.trim() || undefined,
    priceLamports,
  };
}
