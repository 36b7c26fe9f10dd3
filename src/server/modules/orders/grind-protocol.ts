import type { GrindLane, LaneFind, LaneKind } from './grind-lanes';
import type { GrindPattern } from './grind-match';

/** Messages between the grind pool (main thread) and its worker threads. */
export type ToWorker =
  | { type: 'grind'; jobId: number; target: GrindPattern; lane: GrindLane }
  | { type: 'stop' }
  | { type: 'measure'; ms: number; lane: LaneKind };

export type FromWorker =
  | { type: 'ready' }
  /** Attempts since the last report, over `ms` milliseconds. */
  | { type: 'progress'; jobId: number; attempts: number; ms: number }
  /** A wallet find's secret key is transferred, not copied; the other lanes' finds are not secrets. */
  | { type: 'found'; jobId: number; attempts: number; address: string; find: LaneFind }
  | { type: 'measured'; lane: LaneKind; keys: number; ms: number };
