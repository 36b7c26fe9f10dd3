import { randomBytes, randomInt } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';
import type { PatternPosition } from '@shared/domain-values';
import { addressKeys, patternKeyOf, type PatternClass } from '@shared/pattern-keys';
import type { BulkUpload } from './bulk-upload';

/** A pattern bid's pattern fields, as POST /api/bids takes them and the `bids` table stores them. */
export interface BidPattern {
  pattern: string;
  position: PatternPosition;
  caseSensitive: boolean;
}

/** One address of the upload a real bid is placed for, and the bids on its pattern in the order they are placed. */
export interface PlantedMatch extends BidPattern {
  address: string;
  /** The listing's price in the upload (SOL). */
  price: string;
  /** Each bid's maxPrice (SOL), in the order placed; `winner` is the index of the one that must fill. */
  bids: { maxPrice: string; role: 'winner' | 'under-price' | 'lower' | 'tie-later' }[];
}

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const POSITIONS: PatternPosition[] = ['prefix', 'suffix', 'anywhere'];
const base58 = getBase58Decoder(); // kit's "decoder" turns bytes into base58 text

/** A random valid address (32 random bytes in base58): a seeded bid's escrow, a seeded bidder's wallet. */
export const randomAddress = (): string => base58.decode(randomBytes(32));

const classKey = (c: PatternClass) => `${c.position}/${c.caseSensitive}/${c.length}`;

/**
 * Which of `patterns` match which of `addresses`, found the way the server finds them (each address cut into the
 * keys of every class present), so a pattern's matches are exact: pattern index → the addresses it matches.
 */
export function matchesOf(patterns: readonly BidPattern[], addresses: Iterable<string>): Map<number, string[]> {
  const classes = new Map<string, { c: PatternClass; byKey: Map<string, number[]> }>();
  patterns.forEach((p, i) => {
    const key = patternKeyOf(p.pattern, p.caseSensitive);
    const c = { position: p.position, caseSensitive: p.caseSensitive, length: key.length };
    const entry = classes.get(classKey(c)) ?? { c, byKey: new Map<string, number[]>() };
    classes.set(classKey(c), entry);
    entry.byKey.set(key, [...(entry.byKey.get(key) ?? []), i]);
  });
  const hits = new Map<number, string[]>();
  for (const address of addresses) {
    for (const { c, byKey } of classes.values()) {
      for (const key of addressKeys(address, c)) {
        for (const i of byKey.get(key) ?? []) hits.set(i, [...(hits.get(i) ?? []), address]);
      }
    }
  }
  return hits;
}

/** Every address an upload sends: its good rows, its bad lines and the addresses listed before it. */
export const addressesOf = (upload: BulkUpload): string[] => [
  ...new Set([...upload.rows.map((r) => r.address), ...upload.prelisted.map((p) => p.address)]),
];

/** Flips the case of the letters whose other case is base58 too: a case-insensitive bid typed differently. */
const flipCase = (s: string) =>
  [...s]
    .map((ch, i) => {
      const other = ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase();
      return i % 2 === 0 && ALPHABET.includes(other) ? other : ch;
    })
    .join('');

/**
 * `count` addresses of the upload's priced good rows, spread through it, each with a 6-character pattern that matches
 * it and no other address the upload sends: positions prefix, suffix and anywhere in turn, case-sensitive every other
 * one (a case-insensitive pattern typed in another case). The first `contested` get four bids placed in this order:
 * one under the listing's price, a lower one, the winner, and one at the winner's price placed later; the rest one bid
 * each, at or above the price.
 */
export function plantMatches(upload: BulkUpload, count: number, contested: number): PlantedMatch[] {
  const priced = upload.rows.filter((r) => r.price === '0.75' && upload.good.has(r.address));
  const step = Math.max(1, Math.floor(priced.length / (count * 2)));
  const all = addressesOf(upload);
  const planted: PlantedMatch[] = [];
  for (let i = 0; planted.length < count && i * step < priced.length; i++) {
    const row = priced[i * step]!;
    const j = planted.length;
    const position = POSITIONS[j % 3]!;
    const caseSensitive = j % 2 === 0;
    const at = position === 'prefix' ? 0 : position === 'suffix' ? row.address.length - 6 : 10 + (j % 20);
    const exact = row.address.slice(at, at + 6);
    const p: BidPattern = { pattern: caseSensitive ? exact : flipCase(exact), position, caseSensitive };
    const hits = matchesOf([p], all).get(0) ?? [];
    if (hits.length !== 1 || hits[0] !== row.address) continue; // another address matches too: take the next row
    const bids: PlantedMatch['bids'] =
      j < contested
        ? [
            { maxPrice: '0.5', role: 'under-price' },
            { maxPrice: '0.8', role: 'lower' },
            { maxPrice: '1', role: 'winner' },
            { maxPrice: '1', role: 'tie-later' },
          ]
        : [{ maxPrice: ['0.75', '1', '1.2'][j % 3]!, role: 'winner' }];
    planted.push({ ...p, address: row.address, price: '0.75', bids });
  }
  if (planted.length < count) throw new Error(`only ${planted.length} of ${count} matches could be planted`);
  return planted;
}

/**
 * `count` random patterns of 6 to 8 characters (positions and case flags spread evenly) that match no address of
 * `uploads` and are not the key of a planted pattern: the bids seeded by SQL never fill.
 */
export function seedPatterns(
  count: number,
  uploads: readonly BulkUpload[],
  planted: readonly BidPattern[],
): BidPattern[] {
  const random = (): BidPattern => {
    const length = 6 + randomInt(3);
    const pattern = Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return { pattern, position: POSITIONS[randomInt(3)]!, caseSensitive: randomInt(2) === 0 };
  };
  const taken = new Set(
    planted.map((p) => `${p.position}/${p.caseSensitive}/${patternKeyOf(p.pattern, p.caseSensitive)}`),
  );
  const addresses = uploads.flatMap(addressesOf);
  let patterns = Array.from({ length: count }, random);
  for (;;) {
    const hits = matchesOf(patterns, addresses);
    const kept = patterns.filter((p, i) => {
      const id = `${p.position}/${p.caseSensitive}/${patternKeyOf(p.pattern, p.caseSensitive)}`;
      if (hits.has(i) || taken.has(id)) return false;
      taken.add(id);
      return true;
    });
    if (kept.length === count) return kept;
    patterns = [...kept, ...Array.from({ length: count - kept.length }, random)];
    taken.clear();
    planted.forEach((p) => taken.add(`${p.position}/${p.caseSensitive}/${patternKeyOf(p.pattern, p.caseSensitive)}`));
  }
}
