import type { GrindPattern } from './grind-match';

/** Messages between the grind pool (main thread) and its worker threads. */
export type ToWorker =
  { type: 'grind'; jobId: number; target: GrindPattern } | { type: 'stop' } | { type: 'measure'; ms: number };

export type FromWorker =
  | { type: 'ready' }
  /** Attempts since the last report, over `ms` milliseconds. */
  | { type: 'progress'; jobId: number; attempts: number; ms: number }
  | { type: 'found'; jobId: number; attempts: number; address: string; secretKey: Uint8Array }
  | { type: 'measured'; keys: number; ms: number };
