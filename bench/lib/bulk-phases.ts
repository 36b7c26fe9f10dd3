import { randomBytes } from 'node:crypto';
import type { BulkRowInput } from '@shared/api/listings';
import type { Database } from '@server/db/database';
import { addresses } from '@server/db/schema';
import { createSealPool, listingsRepository } from '@server/modules/listings';
import { listingRecord } from '@server/modules/listings/listing-record';
import type { SealResult } from '@server/modules/listings/seal-listing';
import { usersRepository } from '@server/modules/users';
import { vaultRepository } from '@server/modules/vault/vault.repository';
import { realKeypair } from './keypairs';

export interface WritePhase {
  rows: number;
  /** Wall time of the chunk transactions alone (rows sealed beforehand, nothing else running in the process). */
  txMs: number;
  /** Of which: drizzle building the multi-row INSERT of the listings (JS on the main thread). */
  buildMs: number;
  /** RSS added by starting the seal pool's workers and sealing one row. */
  poolRss: number;
}

/**
 * The database half of a bulk upload on its own: `chunks` chunks of 1,000 rows are sealed first, then written
 * the way the bulk service writes a chunk (existing-address check, listings insert, keys insert, one
 * transaction each) with the same repository functions.
 */
export async function measureWritePhase(
  database: Database,
  rows: readonly BulkRowInput[],
  chunks: number,
): Promise<WritePhase> {
  const seller = await usersRepository.upsertByWallet(database.db, realKeypair().address);
  const pool = createSealPool(randomBytes(32));
  try {
    const rss0 = process.memoryUsage().rss;
    await pool.seal([{ address: rows[0]!.address, privateKey: rows[0]!.privateKey! }], 1);
    await new Promise((r) => setTimeout(r, 200));
    const poolRss = process.memoryUsage().rss - rss0;
    const sealed: { rows: BulkRowInput[]; seals: SealResult[] }[] = [];
    for (let i = 0; i < chunks; i++) {
      const chunk = rows.slice(i * 1000, (i + 1) * 1000);
      sealed.push({
        rows: chunk,
        seals: await pool.seal(
          chunk.map((r) => ({ address: r.address, privateKey: r.privateKey!, pattern: r.pattern })),
          1,
        ),
      });
    }
    let txMs = 0;
    let buildMs = 0;
    for (const { rows: chunk, seals } of sealed) {
      const ready = chunk.map((r, i) => {
        const seal = seals[i] as Extract<SealResult, { ok: true }>;
        return {
          record: listingRecord({
            address: r.address,
            sellerId: seller.id,
            priceLamports: 750_000_000n,
            report: seal.report,
          }),
          seal,
        };
      });
      const b0 = performance.now();
      database.db
        .insert(addresses)
        .values(ready.map((r) => r.record))
        .onConflictDoNothing({ target: addresses.address })
        .toSQL();
      buildMs += performance.now() - b0;
      const t0 = performance.now();
      await database.db.transaction(async (tx) => {
        await listingsRepository.existingAddresses(
          tx,
          ready.map((r) => r.record.address),
        );
        const inserted = await listingsRepository.insertMany(
          tx,
          ready.map((r) => r.record),
        );
        const idOf = new Map(inserted.map((r) => [r.address, r.id]));
        await vaultRepository.insertMany(
          tx,
          ready.map((r) => ({ addressId: idOf.get(r.record.address)!, ...r.seal.encrypted })),
        );
      });
      txMs += performance.now() - t0;
    }
    return { rows: chunks * 1000, txMs, buildMs, poolRss };
  } finally {
    await pool.close();
  }
}
