import { randomBytes } from 'node:crypto';
import { bulkCreateBodySchema, bulkCreateResponseSchema, type BulkRowInput } from '@shared/api/listings';
import { analyzeAddress } from '@server/rarity';
import type { Database } from '@server/db/database';
import { checkBulkRows } from '@server/modules/listings/bulk-checks';
import { writeChunk } from '@server/modules/listings/bulk-create.service';
import { BulkOutcomes } from '@server/modules/listings/bulk-outcomes';
import { bulkWriteRepository } from '@server/modules/listings/bulk-write.repository';
import { loadKnownAddresses } from '@server/modules/listings/known-addresses.repository';
import { sealChunk, type SealedChunk } from '@server/modules/listings/seal-chunk';
import { usersRepository } from '@server/modules/users';
import { createVaultCipher, proveOwnership } from '@server/modules/key-crypto';
import { cpuMs } from './bulk-upload';
import { realKeypair } from './keypairs';

/**
 * Microseconds of CPU (this thread: nothing else runs in the bench process meanwhile) per item of `fn`, with
 * stack traces off as `sealChunk` runs them, so the steps add up to the whole.
 */
function cpuPerItem(items: number, fn: () => void): number {
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    const c0 = process.cpuUsage();
    fn();
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / items;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

export interface MainThreadCosts {
  /** JSON.parse of the request body and the route's zod validation, per row. */
  parseUs: number;
  checksUs: number;
  proveUs: number;
  encryptUs: number;
  rarityUs: number;
  /** All of `sealChunk`: the three above plus auto-price and the listing columns. */
  sealUs: number;
  /** Passing a sealed chunk from a worker to the main thread (structured clone), per row. */
  transferUs: number;
  /** The response: zod serialisation check and JSON.stringify, per row. */
  replyUs: number;
}

/**
 * Single-thread CPU cost per row of each step of a bulk upload, with the bulk code's own functions: request
 * parsing, the cheap checks, the seal workers' steps over `sample` rows, the hand-over to the main thread and
 * the reply.
 */
export async function measureSteps(
  database: Database,
  payload: string,
  rows: readonly BulkRowInput[],
  sample: number,
): Promise<MainThreadCosts> {
  const known = await loadKnownAddresses(database.db);
  const parseUs = cpuPerItem(rows.length, () => bulkCreateBodySchema.parse(JSON.parse(payload)));
  const checksUs = cpuPerItem(rows.length, () => checkBulkRows(rows, known));
  const { candidates } = checkBulkRows(rows.slice(0, sample + 1_500), known);
  const warm = candidates.slice(sample);
  const some = candidates.slice(0, sample);
  const cipher = createVaultCipher(randomBytes(32));
  // Warm up: the rarity engine builds its word index on first use, and the JIT needs a few rounds.
  sealChunk(cipher, { rows: warm, sellerId: '00000000-0000-4000-8000-000000000000', multiplier: 1 });
  const keys: Uint8Array[] = [];
  const proveUs = cpuPerItem(some.length, () => {
    for (const r of some) keys.push(proveOwnership(r.address, r.privateKey).secretKey);
  });
  const encryptUs = cpuPerItem(some.length, () => some.forEach((r, i) => cipher.encrypt(r.address, keys[i]!)));
  keys.forEach((k) => k.fill(0));
  const rarityUs = cpuPerItem(some.length, () => {
    for (const r of some) analyzeAddress(r.address, { network: 'solana', pattern: r.pattern, baseValueMultiplier: 1 });
  });
  let sealed: SealedChunk | undefined;
  const sealUs = cpuPerItem(some.length, () => {
    sealed = sealChunk(cipher, { rows: some, sellerId: '00000000-0000-4000-8000-000000000000', multiplier: 1 });
  });
  const transferUs = cpuPerItem(some.length, () => structuredClone(sealed));
  const results = some.map((r) => ({ address: r.address, pattern: null, price: '0.75', status: 'success' as const }));
  const reply = { successful: results.length, failed: 0, results, errors: [] };
  const replyUs = cpuPerItem(some.length, () => JSON.stringify(bulkCreateResponseSchema.parse(reply)));
  return { parseUs, checksUs, proveUs, encryptUs, rarityUs, sealUs, transferUs, replyUs };
}

export interface WritePhase {
  rows: number;
  /** Wall time of the chunk transactions alone (rows sealed beforehand, nothing else running in the process). */
  wallMs: number;
  /** CPU of this process (building parameters, the driver) and of the PostgreSQL backend during them. */
  nodeCpuMs: number;
  backendCpuMs: number;
}

/**
 * The database half of a bulk upload on its own: `chunks` chunks of 1,000 rows are sealed first, then written
 * by the bulk service's own `writeChunk` (listings, then their keys, one transaction each) and its final merge
 * of the trigram index's pending list, on one connection so its backend's CPU can be read from /proc.
 */
export async function measureWritePhase(
  database: Database,
  rows: readonly BulkRowInput[],
  chunks: number,
): Promise<WritePhase> {
  const seller = await usersRepository.upsertByWallet(database.db, realKeypair().address);
  const [backend] = await database.query<{ pid: number }>('select pg_backend_pid() as pid');
  const { candidates } = checkBulkRows(rows.slice(0, chunks * 1000), []);
  const cipher = createVaultCipher(randomBytes(32));
  const sealed: SealedChunk[] = [];
  for (let i = 0; i < chunks; i++) {
    const chunk = candidates.slice(i * 1000, (i + 1) * 1000);
    sealed.push(sealChunk(cipher, { rows: chunk, sellerId: seller.id, multiplier: 1 }));
  }
  const n = sealed.reduce((sum, s) => sum + s.shown.price.length, 0);
  const backend0 = cpuMs(backend!.pid);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const outcomes = new BulkOutcomes();
  for (let i = 0; i < chunks; i++) {
    await writeChunk(database, candidates.slice(i * 1000, (i + 1) * 1000), sealed[i]!, outcomes);
  }
  await bulkWriteRepository.mergePendingIndexEntries(database.db);
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return {
    rows: n,
    wallMs,
    nodeCpuMs: (cpu.user + cpu.system) / 1000,
    backendCpuMs: cpuMs(backend!.pid) - backend0,
  };
}
