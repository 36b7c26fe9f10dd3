import { parentPort } from 'node:worker_threads';
import { encodeBase58 } from '@shared/keys/base58';
import { createKeySource } from './grind-keys';
import { keyMatcherOf } from './grind-key-match';
import { candidateSourceOf, sampleLane, type GrindLane, type LaneKind } from './grind-lanes';
import type { GrindPattern } from './grind-match';
import type { ToWorker, FromWorker } from './grind-protocol';

/**
 * One grinder thread. It grinds one job at a time until it matches or is told to stop, reporting its attempts
 * every ~250 ms. Between slices it yields to its own event loop so a 'stop' or a new job is seen promptly.
 * A wallet match's secret key is transferred (not copied) to the main thread, which seals it at once; nothing here
 * logs or keeps it. The other lanes' matches carry t or a seed, which control nothing alone.
 */
const SLICE = 64;
const REPORT_MS = 250;
let current: { jobId: number } | null = null;
const keySource = createKeySource();

const post = (msg: FromWorker, transfer: ArrayBuffer[] = []) => parentPort?.postMessage(msg, transfer);
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

async function grind(jobId: number, target: GrindPattern, lane: GrindLane): Promise<void> {
  const matches = keyMatcherOf(target);
  const candidates = candidateSourceOf(lane, keySource);
  let attempts = 0;
  let lastReport = performance.now();
  let reportedAttempts = 0;
  while (current?.jobId === jobId) {
    for (let i = 0; i < SLICE; i++) {
      const candidate = candidates.next();
      attempts++;
      if (!matches(candidate)) continue;
      const address = encodeBase58(candidate);
      const find = candidates.find();
      current = null;
      const transfer = find.kind === 'wallet' ? [find.secretKey.buffer as ArrayBuffer] : [];
      post({ type: 'found', jobId, attempts: attempts - reportedAttempts, address, find }, transfer);
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

/** Candidates per second of a lane for `ms` milliseconds, stepped and matched as when grinding. */
function measure(ms: number, kind: LaneKind): void {
  const candidates = candidateSourceOf(sampleLane(kind), keySource);
  const until = performance.now() + ms;
  const start = performance.now();
  let keys = 0;
  while (performance.now() < until) {
    for (let i = 0; i < SLICE; i++) SAMPLE(candidates.next());
    keys += SLICE;
  }
  post({ type: 'measured', lane: kind, keys, ms: performance.now() - start });
}

parentPort?.on('message', (msg: ToWorker) => {
  if (msg.type === 'stop') current = null;
  else if (msg.type === 'measure') measure(msg.ms, msg.lane);
  else if (msg.type === 'grind') {
    current = { jobId: msg.jobId };
    void grind(msg.jobId, msg.target, msg.lane);
  }
});
post({ type: 'ready' });
