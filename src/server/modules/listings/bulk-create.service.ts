import type { BulkCreateResponse, BulkRowInput } from '@shared/api/listings';
import type { BulkLineError } from '@shared/bulk';
import { autoPriceLamports } from '@shared/rarity';
import type { Database } from '../../db/database';
import { recordAudit } from '../audit';
import { vaultRepository } from '../vault/vault.repository';
import { checkBulkRows, type BulkCandidate, type BulkRejection } from './bulk-checks';
import type { Actor } from './create-listing.service';
import { listingRecord } from './listing-record';
import { listingsRepository, type NewListingRow } from './listings.repository';
import { loadKnownAddresses } from './known-addresses.repository';
import type { SealPool } from './seal-pool';
import type { SealResult } from './seal-listing';
import { activeValueMultiplier } from './valuation.repository';

/** Rows per database transaction: a crash loses at most the chunk in flight, and never splits a listing from its key. */
export const BULK_CHUNK_ROWS = 1_000;

export interface BulkCreateDeps {
  database: Database;
  pool: SealPool;
}

export interface BulkCreateOptions {
  chunkRows?: number;
  /** Lines the text parser already refused (CSV upload): reported with the rest. */
  parseErrors?: readonly BulkLineError[];
}

type Result = BulkCreateResponse['results'][number] & { line: number; reason?: string };

/**
 * Bulk listing creation (spec §7 POST /api/bulk-create-listings): every row is checked (address, key,
 * ownership, price or auto-price, duplicates in the batch and in the database, look-alikes); good rows are
 * stored, bad ones reported by line. Each chunk of `chunkRows` is one transaction holding multi-row INSERTs of
 * its listings and their encrypted keys. The crypto of later chunks runs on the pool's workers while earlier
 * chunks are written.
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
  const results: Result[] = rejected.map(failed);
  for (const e of opts.parseErrors ?? [])
    results.push({ line: e.line, address: '', pattern: null, price: null, status: 'failed', reason: e.reason });

  const chunks: BulkCandidate[][] = [];
  for (let i = 0; i < candidates.length; i += chunkRows) chunks.push(candidates.slice(i, i + chunkRows));
  // Seal ahead (bounded, so memory stays flat) while the database writes the chunk before.
  const sealing = new Map<number, Promise<SealResult[]>>();
  const sealAhead = (i: number) => {
    const chunk = chunks[i];
    if (chunk && !sealing.has(i)) sealing.set(i, deps.pool.seal(chunk.map(toSealInput), multiplier));
  };
  for (let i = 0; i < 3; i++) sealAhead(i);

  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i]!;
    const sealed = await sealing.get(i)!;
    sealing.delete(i);
    sealAhead(i + 3);
    results.push(...(await writeChunk(deps.database, chunk, sealed, actor.userId)));
  }

  results.sort((a, b) => a.line - b.line);
  const successful = results.filter((r) => r.status === 'success').length;
  await recordAudit(db, {
    action: 'listing.bulk_create',
    performedBy: actor.walletAddress,
    ip: actor.ip ?? null,
    userAgent: actor.userAgent ?? null,
    metadata: { rows: results.length, successful, failed: results.length - successful },
  });
  return {
    successful,
    failed: results.length - successful,
    results: results.map(({ address, pattern, price, status }) => ({ address, pattern, price, status })),
    errors: results.filter((r) => r.status === 'failed').map((r) => `Line ${r.line}: ${r.reason}`),
  };
}

const toSealInput = (c: BulkCandidate) => ({ address: c.address, privateKey: c.privateKey, pattern: c.pattern });

function failed(r: BulkRejection): Result {
  return { line: r.line, address: r.address ?? '', pattern: null, price: null, status: 'failed', reason: r.reason };
}

/** One transaction: refuse what is listed already (one `= ANY` query), insert listings, then their keys. */
async function writeChunk(
  database: Database,
  chunk: BulkCandidate[],
  sealed: SealResult[],
  sellerId: string,
): Promise<Result[]> {
  const out: Result[] = [];
  const ready: { candidate: BulkCandidate; record: NewListingRow; seal: Extract<SealResult, { ok: true }> }[] = [];
  chunk.forEach((candidate, i) => {
    const seal = sealed[i]!;
    if (!seal.ok) {
      // A seed pasted as the address is itself address-shaped: do not echo it.
      const echo = !/holds the private key/.test(seal.reason);
      out.push(
        failed({
          line: candidate.line,
          address: echo ? candidate.address : null,
          reason: `ownership verification failed: ${seal.reason}`,
        }),
      );
      return;
    }
    const patternLength = seal.report.features.patternLength;
    const priceLamports =
      candidate.priceLamports ??
      autoPriceLamports(patternLength, candidate.patternType ?? seal.report.patternPosition ?? undefined);
    const record = listingRecord({ address: candidate.address, sellerId, priceLamports, report: seal.report });
    ready.push({ candidate, record, seal });
  });

  await database.db.transaction(async (tx) => {
    const listed = await listingsRepository.existingAddresses(
      tx,
      ready.map((r) => r.candidate.address),
    );
    const fresh = ready.filter((r) => !listed.has(r.candidate.address));
    const inserted = await listingsRepository.insertMany(
      tx,
      fresh.map((r) => r.record),
    );
    const idOf = new Map(inserted.map((r) => [r.address, r.id]));
    await vaultRepository.insertMany(
      tx,
      fresh
        .filter((r) => idOf.has(r.candidate.address))
        .map((r) => ({ addressId: idOf.get(r.candidate.address)!, ...r.seal.encrypted })),
    );
    for (const r of ready) {
      const id = idOf.get(r.candidate.address);
      if (id) {
        out.push({
          line: r.candidate.line,
          address: r.candidate.address,
          pattern: r.record.pattern ?? null,
          price: r.record.price,
          status: 'success',
        });
      } else {
        out.push(failed({ line: r.candidate.line, address: r.candidate.address, reason: 'address is already listed' }));
      }
    }
  });
  return out;
}
