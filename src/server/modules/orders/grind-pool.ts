import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { GrindPattern } from './grind-match';
import type { FromWorker, ToWorker } from './grind-protocol';

export interface GrindHit {
  address: string;
  /** seed ‖ public key. The receiver seals it and wipes it. */
  secretKey: Uint8Array;
}

export interface GrindRun {
  /** The match, or null once stopped. */
  result: Promise<GrindHit | null>;
  stop(): void;
}

export interface GrindPool {
  readonly size: number;
  /** Keys per second of the whole pool: measured at start-up, then the live rate while grinding. */
  rate(): number;
  /** Keys per second of one worker. */
  perWorkerRate(): number;
  /** Every worker grinds `target`; `onAttempts` gets each batch of attempts as it is reported. */
  grind(target: GrindPattern, onAttempts: (attempts: number) => void): GrindRun;
  close(): Promise<void>;
}

const isTypeScript = import.meta.url.endsWith('.ts');
const workerUrl = new URL(`./grind.worker.${isTypeScript ? 'ts' : 'js'}`, import.meta.url);

function workerOptions() {
  // A worker does not inherit the in-process tsx loader (scripts/start.mjs, the test runner): it loads tsx itself.
  if (!isTypeScript) return {};
  const require = createRequire(import.meta.url);
  const tsx = pathToFileURL(require.resolve('tsx')).href;
  const tsconfig = fileURLToPath(new URL('../../../../tsconfig.json', import.meta.url));
  return { execArgv: ['--import', tsx], env: { ...process.env, TSX_TSCONFIG_PATH: tsconfig } };
}

/**
 * `size` grinder threads (worker_threads), so grinding never blocks the HTTP event loop. `measureMs` of
 * start-up measurement gives the first rate; after that the rate follows what the workers report.
 */
export async function createGrindPool(size: number, opts: { measureMs?: number } = {}): Promise<GrindPool> {
  const workers = await Promise.all(Array.from({ length: size }, () => startWorker()));
  const rates = new Array<number>(size).fill(0);
  const measured = await Promise.all(workers.map((w) => measureOn(w, opts.measureMs ?? 300)));
  measured.forEach((r, i) => (rates[i] = r));
  let jobSeq = 0;
  let active: { jobId: number; finish(hit: GrindHit | null): void } | null = null;

  const broadcast = (msg: ToWorker) => workers.forEach((w) => w.postMessage(msg));

  workers.forEach((worker, i) => {
    worker.on('message', (msg: FromWorker) => {
      if (msg.type === 'progress' || msg.type === 'found') {
        if (!active || msg.jobId !== active.jobId) {
          if (msg.type === 'found') msg.secretKey.fill(0); // a late second match: not wanted, wiped
          return;
        }
        if (msg.type === 'progress' && msg.ms >= 100) {
          const live = (msg.attempts / msg.ms) * 1000;
          rates[i] = rates[i]! > 0 ? rates[i]! * 0.7 + live * 0.3 : live;
        }
        current?.onAttempts(msg.attempts);
        if (msg.type === 'found') active.finish({ address: msg.address, secretKey: msg.secretKey });
      }
    });
    worker.on('error', () => active?.finish(null));
  });

  let current: { onAttempts(n: number): void } | null = null;

  return {
    size,
    rate: () => rates.reduce((a, b) => a + b, 0),
    perWorkerRate: () => rates.reduce((a, b) => a + b, 0) / Math.max(1, size),
    grind(target, onAttempts) {
      const jobId = ++jobSeq;
      let resolve!: (hit: GrindHit | null) => void;
      const result = new Promise<GrindHit | null>((r) => (resolve = r));
      const finish = (hit: GrindHit | null) => {
        if (active?.jobId !== jobId) {
          hit?.secretKey.fill(0); // a second worker's match after the first: not wanted, wiped
          return;
        }
        active = null;
        current = null;
        broadcast({ type: 'stop' });
        resolve(hit);
      };
      active = { jobId, finish };
      current = { onAttempts };
      broadcast({ type: 'grind', jobId, target });
      return { result, stop: () => finish(null) };
    },
    async close() {
      active?.finish(null);
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

function startWorker(): Promise<Worker> {
  const worker = new Worker(workerUrl, workerOptions());
  worker.unref(); // a forgotten pool never keeps the process alive
  return new Promise((resolve, reject) => {
    worker.once('message', () => resolve(worker));
    worker.once('error', reject);
  });
}

function measureOn(worker: Worker, ms: number): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (msg: FromWorker) => {
      if (msg.type !== 'measured') return;
      worker.off('message', onMessage);
      resolve((msg.keys / msg.ms) * 1000);
    };
    worker.on('message', onMessage);
    worker.postMessage({ type: 'measure', ms } satisfies ToWorker);
  });
}
