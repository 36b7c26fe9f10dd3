import type { BulkCreateResponse, BulkRowInput } from '@shared/api/listings';
import type { BulkLineError } from '@shared/bulk';
import type { Database } from '../../db/database';
import { crashPoint } from '../../config/crash-point';
import { recordAudit } from '../audit';
import { vaultRepository } from '../vault';
import { checkBulkRows, type BulkCandidate } from './bulk-checks';
import { BulkOutcomes } from './bulk-outcomes';
import { bulkWriteRepository } from './bulk-write.repository';
import { uuidArrayLiteral } from './listing-columns';
import type { Actor } from '../../http/actor';
import { loadKnownAddresses } from './known-addresses.repository';
import type { SealedChunk } from './seal-chunk';
import type { SealPool } from './seal-pool';
import { activeValueMultiplier } from './valuation.repository';

/** Rows per database transaction: a crash loses at most the chunk in flight, and never splits a listing from its key. */
export const BULK_CHUNK_ROWS = 1_000;
/** Chunks sealed ahead of the one being written: enough to keep the workers busy, few enough to bound memory. */
const SEAL_AHEAD = 4;

export interface BulkCreateDeps {
  database: Database;
  pool: SealPool;
  /**
   * docs/domain.md#account-safety-checks `system-owned` for many addresses (getMultipleAccounts in batches of 100): the
   * addresses that fail, with the reason. Without one no chain check is made.
   */
  accountCheck?: AccountCheckFn | undefined;
  /**
   * Offers each committed chunk's new listings to the open bids that match them (docs/domain.md#bids-and-offers); the
   * app's wiring queues the work in the background (listings/index.ts).
   */
  onListed?: OnListedFn | undefined;
}

/** Runs after listings are created or repriced, with their ids; its failure never undoes the listing. */
export type OnListedFn = (addressIds: readonly string[]) => Promise<unknown>;

export type AccountCheckFn = (addresses: readonly string[]) => Promise<ReadonlyMap<string, string>>;

export interface BulkCreateOptions {
  chunkRows?: number;
  /** Lines the text parser already refused (CSV upload): reported with the rest. */
  parseErrors?: readonly BulkLineError[];
}

/**
 * Bulk listing creation (docs/product-spec.md#api-calls POST /api/bulk-create-listings): every row is checked (address,
 * key, ownership, price or auto-price, duplicates in the batch and in the database, look-alikes); good rows are stored,
 * bad ones reported by line. Each chunk of `chunkRows` is one transaction of two `INSERT … SELECT … FROM unnest(…)`
 * statements (its listings, then their encrypted keys); an address the database holds already is left out by ON
 * CONFLICT DO NOTHING and reported as a duplicate. The pool's workers seal later chunks while earlier ones are written.
 */
export async function bulkCreateListings(
  deps: BulkCreateDeps,
  rows: readonly BulkRowInput[],
  actor: Actor,
  opts: BulkCreateOptions = {},
): Promise<BulkCreateResponse> {
  const { db } = deps.database;
  const chunkRows = opts.chunkRows ?? BULK_CHUNK_ROWS;
  const [known, multiplier] = await Promise.all([loadKnownAddresses(db), activeValueMultiplier(db, 'solana')]);
  const { candidates, rejected } = checkBulkRows(rows, known);
  const outcomes = new BulkOutcomes();
  for (const r of rejected) outcomes.fail(r.line, r.address ?? '', r.reason);
  for (const e of opts.parseErrors ?? []) outcomes.fail(e.line, '', e.reason);

  const chunkCount = Math.ceil(candidates.length / chunkRows);
  const sealing = new Map<number, Promise<{ rows: BulkCandidate[]; sealed: SealedChunk }>>();
  // Each chunk's account check runs ahead with its sealing, so the chain reads overlap the writes.
  const sealAhead = (i: number) => {
    if (i >= chunkCount) return;
    const chunk = candidates.slice(i * chunkRows, (i + 1) * chunkRows);
    const ready = refuseNonSystem(deps.accountCheck, chunk, outcomes).then(async (rows) => ({
      rows,
      sealed: await deps.pool.seal({ rows, sellerId: actor.userId, multiplier }),
    }));
    ready.catch(() => undefined); // awaited below; a write failing first must not leave it unhandled
    sealing.set(i, ready);
  };
  for (let i = 0; i < SEAL_AHEAD; i++) sealAhead(i);

  try {
    for (let i = 0; i < chunkCount; i++) {
      const ready = sealing.get(i)!;
      sealing.delete(i); // nothing keeps a written chunk alive
      const { rows, sealed } = await ready;
      sealAhead(i + SEAL_AHEAD);
      const listed = await writeChunk(deps.database, rows, sealed, outcomes);
      await deps.onListed?.(listed);
    }
  } finally {
    if (chunkCount > 0) await bulkWriteRepository.mergePendingIndexEntries(db);
  }

  const { results, errors, successful } = outcomes.finish();
  await recordAudit(db, {
    action: 'listing.bulk_create',
    performedBy: actor.wallet,
    ip: actor.ip ?? null,
    userAgent: actor.userAgent ?? null,
    metadata: { rows: results.length, successful, failed: results.length - successful },
  });
  return { successful, failed: results.length - successful, results, errors };
}

/**
 * docs/domain.md#account-safety-checks at bulk create: rows whose account is not a plain System-owned wallet (an
 * `Assign`ed account can be drained by its new owner program) are reported with the reason; the rest go on.
 */
async function refuseNonSystem(
  accountCheck: AccountCheckFn | undefined,
  chunk: BulkCandidate[],
  outcomes: BulkOutcomes,
): Promise<BulkCandidate[]> {
  if (!accountCheck || chunk.length === 0) return chunk;
  const failing = await accountCheck(chunk.map((c) => c.address));
  if (failing.size === 0) return chunk;
  return chunk.filter((c) => {
    const reason = failing.get(c.address);
    if (reason === undefined) return true;
    outcomes.fail(c.line, c.address, `account-safety check failed: system-owned: ${reason}`);
    return false;
  });
}

/**
 * One transaction: the chunk's listings, then the keys of those that were inserted (not already listed).
 * Exported for the benchmark, which times the write phase on its own.
 */
export async function writeChunk(
  database: Database,
  chunk: readonly BulkCandidate[],
  sealed: SealedChunk,
  outcomes: BulkOutcomes,
): Promise<string[]> {
  // The candidates the workers accepted, in the order of the sealed arrays.
  const refusedAt = new Map(sealed.refused.map((r) => [r.index, r]));
  const accepted = chunk.filter((_, index) => !refusedAt.has(index));
  const ids: (string | null)[] = accepted.map(() => null);
  await database.db.transaction(async (tx) => {
    await bulkWriteRepository.useBulkSettings(tx);
    const inserted = await bulkWriteRepository.insertListings(tx, sealed.listings);
    const position = new Map(accepted.map((c, i) => [c.address, i]));
    for (const row of inserted) ids[position.get(row.address)!] = row.id;
    crashPoint('bulk:chunk-before-keys'); // fault injection (tests/api/faults-*.test.ts); no-op unless armed
    await vaultRepository.insertArrays(tx, { ...sealed.keys, addressId: uuidArrayLiteral(ids) });
  });

  // Reported only once the chunk is committed.
  chunk.forEach((candidate, index) => {
    const refused = refusedAt.get(index);
    if (refused === undefined) return;
    // A seed pasted as the address is itself address-shaped: do not echo it.
    const echo = refused.refusal !== 'seed-in-address';
    outcomes.fail(candidate.line, echo ? candidate.address : '', `ownership verification failed: ${refused.reason}`);
  });
  accepted.forEach((candidate, i) => {
    if (ids[i] === null) outcomes.fail(candidate.line, candidate.address, 'address is already listed');
    else outcomes.succeed(candidate.line, candidate.address, sealed.shown.pattern[i] ?? null, sealed.shown.price[i]!);
  });
  return ids.filter((id): id is string => id !== null);
}
