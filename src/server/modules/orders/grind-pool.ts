import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { LANE_KINDS, laneProblem, WALLET_LANE, type GrindLane, type LaneKind } from './grind-lanes';
import type { GrindPattern } from './grind-match';
import type { FromWorker, ToWorker } from './grind-protocol';

export interface GrindHit {
  address: string;
  /** seed ‖ public key. The receiver seals it and wipes it. */
  secretKey: Uint8Array;
}
/** A split-key match: address = P + tweak·G. */
export interface SplitKeyHit {
  address: string;
  tweak: bigint;
}
/** A seed-derived match: address = SHA-256(base ‖ seed ‖ owner). */
export interface SeedDerivedHit {
  address: string;
  seed: string;
}
interface HitByLane {
  wallet: GrindHit;
  'split-key': SplitKeyHit;
  'seed-derived': SeedDerivedHit;
}
export type HitOf<L extends GrindLane> = HitByLane[L['kind']];

export interface GrindRun<Hit = GrindHit> {
  /** The match, or null once stopped. */
  result: Promise<Hit | null>;
  stop(): void;
}

export interface GrindPool {
  readonly size: number;
  /** Candidates per second of the whole pool on a lane (the wallet lane by default): measured at start-up, then the live rate while grinding it. */
  rate(lane?: LaneKind): number;
  /** Candidates per second of one worker on a lane. */
  perWorkerRate(lane?: LaneKind): number;
  /**
   * Every worker grinds `target` on `lane` (the wallet lane by default); `onAttempts` gets each batch of attempts
   * as it is reported. Throws at once for a lane that cannot be ground (a split-key P that `checkBasePoint` refuses).
   */
  grind(target: GrindPattern, onAttempts: (attempts: number) => void): GrindRun;
  grind<L extends GrindLane>(target: GrindPattern, onAttempts: (attempts: number) => void, lane: L): GrindRun<HitOf<L>>;
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
 * start-up measurement on the wallet lane gives its first rate, and a third of that on each other lane theirs
 * (those lanes run several times faster, so a shorter sample counts as many candidates); after that a lane's
 * rate follows what the workers report while grinding it.
 */
export async function createGrindPool(size: number, opts: { measureMs?: number } = {}): Promise<GrindPool> {
  const workers = await Promise.all(Array.from({ length: size }, () => startWorker()));
  const measureMs = opts.measureMs ?? 300;
  const rates = Object.fromEntries(LANE_KINDS.map((kind) => [kind, new Array<number>(size).fill(0)])) as Record<
    LaneKind,
    number[]
  >;
  for (const kind of LANE_KINDS) {
    const ms = kind === 'wallet' ? measureMs : Math.max(50, Math.round(measureMs / 3));
    const measured = await Promise.all(workers.map((w) => measureOn(w, ms, kind)));
    measured.forEach((r, i) => (rates[kind][i] = r));
  }
  let jobSeq = 0;
  let active: { jobId: number; lane: LaneKind; finish(hit: AnyHit | null): void } | null = null;

  const broadcast = (msg: ToWorker) => workers.forEach((w) => w.postMessage(msg));

  workers.forEach((worker, i) => {
    worker.on('message', (msg: FromWorker) => {
      if (msg.type === 'progress' || msg.type === 'found') {
        if (!active || msg.jobId !== active.jobId) {
          if (msg.type === 'found') wipe(hitOf(msg)); // a late second match: not wanted, wiped
          return;
        }
        if (msg.type === 'progress' && msg.ms >= 100) {
          const live = (msg.attempts / msg.ms) * 1000;
          const laneRates = rates[active.lane];
          laneRates[i] = laneRates[i]! > 0 ? laneRates[i]! * 0.7 + live * 0.3 : live;
        }
        current?.onAttempts(msg.attempts);
        if (msg.type === 'found') active.finish(hitOf(msg));
      }
    });
    worker.on('error', () => active?.finish(null));
  });

  let current: { onAttempts(n: number): void } | null = null;

  return {
    size,
    rate: (lane = 'wallet') => rates[lane].reduce((a, b) => a + b, 0),
    perWorkerRate: (lane = 'wallet') => rates[lane].reduce((a, b) => a + b, 0) / Math.max(1, size),
    grind(target: GrindPattern, onAttempts: (attempts: number) => void, lane: GrindLane = WALLET_LANE) {
      const problem = laneProblem(lane);
      if (problem) throw new Error(`cannot grind this ${lane.kind} lane: ${problem}`);
      const jobId = ++jobSeq;
      let resolve!: (hit: AnyHit | null) => void;
      const result = new Promise<AnyHit | null>((r) => (resolve = r));
      const finish = (hit: AnyHit | null) => {
        if (active?.jobId !== jobId) {
          if (hit) wipe(hit); // a second worker's match after the first: not wanted, wiped
          return;
        }
        active = null;
        current = null;
        broadcast({ type: 'stop' });
        resolve(hit);
      };
      active = { jobId, lane: lane.kind, finish };
      current = { onAttempts };
      broadcast({ type: 'grind', jobId, target, lane });
      // The overloads tie the hit's type to the lane's kind, which hitOf follows.
      return { result, stop: () => finish(null) } as GrindRun<never>;
    },
    async close() {
      active?.finish(null);
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

type AnyHit = HitByLane[LaneKind];

function hitOf(msg: Extract<FromWorker, { type: 'found' }>): AnyHit {
  const { address, find } = msg;
  if (find.kind === 'wallet') return { address, secretKey: find.secretKey };
  if (find.kind === 'split-key') return { address, tweak: find.tweak };
  return { address, seed: find.seed };
}

function wipe(hit: AnyHit): void {
  if ('secretKey' in hit) hit.secretKey.fill(0);
}

function startWorker(): Promise<Worker> {
  const worker = new Worker(workerUrl, workerOptions());
  worker.unref(); // a forgotten pool never keeps the process alive
  return new Promise((resolve, reject) => {
    worker.once('message', () => resolve(worker));
    worker.once('error', reject);
  });
}

function measureOn(worker: Worker, ms: number, lane: LaneKind): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (msg: FromWorker) => {
      if (msg.type !== 'measured' || msg.lane !== lane) return;
      worker.off('message', onMessage);
      resolve((msg.keys / msg.ms) * 1000);
    };
    worker.on('message', onMessage);
    worker.postMessage({ type: 'measure', ms, lane } satisfies ToWorker);
  });
}
