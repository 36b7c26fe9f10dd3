import { parentPort } from 'node:worker_threads';
import { encodeBase58 } from '@shared/keys/base58';
import { createKeySource } from './grind-keys';
import { keyMatcherOf } from './grind-key-match';
import type { GrindPattern } from './grind-match';
import type { ToWorker, FromWorker } from './grind-protocol';

/**
 * One grinder thread. It grinds one job at a time until it matches or is told to stop, reporting its attempts
 * every ~250 ms. Between slices it yields to its own event loop so a 'stop' or a new job is seen promptly.
 * A match's secret key is transferred (not copied) to the main thread, which seals it at once; nothing here
 * logs or keeps it.
 */
const SLICE = 64;
const REPORT_MS = 250;
let current: { jobId: number; target: GrindPattern } | null = null;
const keySource = createKeySource();

const post = (msg: FromWorker, transfer: ArrayBuffer[] = []) => parentPort?.postMessage(msg, transfer);
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

async function grind(jobId: number, target: GrindPattern): Promise<void> {
  const matches = keyMatcherOf(target);
  let attempts = 0;
  let lastReport = performance.now();
  let reportedAttempts = 0;
  while (current?.jobId === jobId) {
    for (let i = 0; i < SLICE; i++) {
      const publicKey = keySource.next();
      attempts++;
      if (!matches(publicKey)) continue;
      const address = encodeBase58(publicKey);
      const secretKey = keySource.secretKey();
      current = null;
      post({ type: 'found', jobId, attempts: attempts - reportedAttempts, address, secretKey }, [
        secretKey.buffer as ArrayBuffer,
      ]);
      return;
    }
    const now = performance.now();
    if (now - lastReport >= REPORT_MS) {
      post({ type: 'progress', jobId, attempts: attempts - reportedAttempts, ms: now - lastReport });
      reportedAttempts = attempts;
      lastReport = now;
    }
    await tick();
  }
  post({ type: 'progress', jobId, attempts: attempts - reportedAttempts, ms: performance.now() - lastReport });
}

/** The start-up measurement pays for matching like an order does (a rare match there is simply dropped). */
const SAMPLE = keyMatcherOf({ pattern: 'zzzz', position: 'prefix', caseSensitive: false });

/** Keys per second for `ms` milliseconds, generated and matched as when grinding: the start-up measurement. */
function measure(ms: number): void {
  const until = performance.now() + ms;
  const start = performance.now();
  let keys = 0;
  while (performance.now() < until) {
    for (let i = 0; i < SLICE; i++) SAMPLE(keySource.next());
    keys += SLICE;
  }
  post({ type: 'measured', keys, ms: performance.now() - start });
}

parentPort?.on('message', (msg: ToWorker) => {
  if (msg.type === 'stop') current = null;
  else if (msg.type === 'measure') measure(msg.ms);
  else if (msg.type === 'grind') {
    current = { jobId: msg.jobId, target: msg.target };
    void grind(msg.jobId, msg.target);
  }
});
post({ type: 'ready' });
