import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createVaultCipher } from '../key-crypto';
import { sealChunk, type SealJob, type SealedChunk } from './seal-chunk';

/**
 * Runs `sealChunk` over chunks of rows on worker threads. ed25519 derivation, HKDF + AES-GCM and the rarity
 * engine cost about 0.13 ms per row on one core, so a 100,000-row upload needs every core. Workers start on first
 * use and stop after `idleMs` without work, so an idle server holds no threads (and no copies of the master
 * key). If a worker cannot start (e.g. no TypeScript loader), the pool seals on the calling thread instead.
 */
export interface SealPool {
  seal(job: SealJob): Promise<SealedChunk>;
  /** Starts the workers now, e.g. while an upload's body is still arriving (they take ≈0.5 s to load). */
  warm?(): void;
  close(): Promise<void>;
}

interface Job {
  id: number;
  job: SealJob;
  resolve(sealed: SealedChunk): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: Job | null;
}

const isTypeScript = import.meta.url.endsWith('.ts');
const workerUrl = new URL(`./bulk-crypto.worker.${isTypeScript ? 'ts' : 'js'}`, import.meta.url);

/**
 * A worker's heap. A young generation far below V8's default (192 MB on the 2-core box) keeps each worker's
 * garbage small: ≈80 MB less RSS during a 100,000-row upload, and no difference in time or in garbage-collection
 * CPU measurable over a whole upload. A worker lives on ≈45 MB (code and the rarity engine's word index); the
 * old-generation cap only stops a runaway worker before it takes the server down (the pool then seals on the
 * calling thread).
 */
const resourceLimits = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 256 };

function workerOptions(masterKey: Uint8Array) {
  if (!isTypeScript) return { workerData: { masterKey }, resourceLimits };
  // The server runs TypeScript through tsx, registered in-process (scripts/start.mjs) or by the test runner:
  // neither reaches a worker, so each worker loads tsx itself, with the repo's tsconfig for the @ aliases.
  const require = createRequire(import.meta.url);
  const tsx = pathToFileURL(require.resolve('tsx')).href;
  const tsconfig = fileURLToPath(new URL('../../../../tsconfig.json', import.meta.url));
  return {
    workerData: { masterKey },
    resourceLimits,
    execArgv: ['--import', tsx],
    env: { ...process.env, TSX_TSCONFIG_PATH: tsconfig },
  };
}

export function createSealPool(masterKey: Uint8Array, opts: { size?: number; idleMs?: number } = {}): SealPool {
  const size = Math.max(1, opts.size ?? Math.min(availableParallelism(), 8));
  const idleMs = opts.idleMs ?? 30_000;
  const inline = createVaultCipher(masterKey);
  const queue: Job[] = [];
  let slots: Slot[] = [];
  let broken = false;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;

  function start(): void {
    for (let i = slots.length; i < size; i++) {
      const worker = new Worker(workerUrl, workerOptions(masterKey));
      worker.unref(); // a forgotten pool never keeps the process alive
      const slot: Slot = { worker, busy: null, ready: Promise.resolve() };
      slot.ready = new Promise<void>((resolve, reject) => {
        worker.once('message', () => resolve());
        worker.once('error', reject);
      });
      slot.ready.catch(() => undefined); // the 'error' listener below handles it
      worker.on('message', (msg: { id?: number; sealed?: SealedChunk; error?: string }) => {
        const job = slot.busy;
        if (!job || msg.id !== job.id) return;
        slot.busy = null;
        if (msg.sealed) job.resolve(msg.sealed);
        else job.reject(new Error(msg.error ?? 'sealing failed'));
        pump();
      });
      worker.on('error', () => fail(slot));
      worker.on('exit', () => fail(slot));
      slots.push(slot);
    }
  }

  /** A dead worker: its job (and, if no worker is left, everything queued) runs inline. */
  function fail(slot: Slot): void {
    slots = slots.filter((s) => s !== slot);
    const job = slot.busy;
    slot.busy = null;
    if (slots.length === 0) broken = true;
    if (job) runInline(job);
    if (broken) queue.splice(0).forEach(runInline);
    else pump();
  }

  function runInline(job: Job): void {
    try {
      job.resolve(sealChunk(inline, job.job));
    } catch (err) {
      job.reject(err as Error);
    }
  }

  function pump(): void {
    for (const slot of slots) {
      if (slot.busy || queue.length === 0) continue;
      const job = queue.shift()!;
      slot.busy = job;
      slot.ready.then(
        () => slot.worker.postMessage({ id: job.id, job: job.job }),
        () => undefined, // 'error' → fail() re-runs the job
      );
    }
    clearTimeout(idleTimer);
    if (queue.length === 0 && slots.every((s) => !s.busy)) {
      idleTimer = setTimeout(() => void stopWorkers(), idleMs);
      idleTimer.unref();
    }
  }

  async function stopWorkers(): Promise<void> {
    const current = slots;
    slots = [];
    for (const s of current) s.worker.removeAllListeners('exit');
    await Promise.all(current.map((s) => s.worker.terminate()));
  }

  return {
    warm() {
      if (broken) return;
      try {
        start();
      } catch {
        broken = true;
        return;
      }
      pump(); // (re)arms the idle timer: warm workers that get no job stop like idle ones
    },
    seal(job) {
      if (broken || job.rows.length === 0) return Promise.resolve(sealChunk(inline, job));
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, job, resolve, reject });
        try {
          start();
        } catch {
          broken = true;
          queue.splice(0).forEach(runInline);
          return;
        }
        pump();
      });
    },
    async close() {
      clearTimeout(idleTimer);
      await stopWorkers();
    },
  };
}
