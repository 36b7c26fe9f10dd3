import { writeSync } from 'node:fs';

/**
 * Fault injection for the kill-at-every-step tests (tests/api/faults-kill-*.test.ts): a named place in a purchase or
 * a bulk upload where the process SIGKILLs itself when FAULT_CRASH_AT names it, so a test can kill the real
 * server *inside* a step (mid database transaction, after a commit but before the reply) deterministically.
 * Test-only: env.ts refuses FAULT_CRASH_AT on mainnet-beta, and only `main.ts` arms it, so an in-process app
 * (`app.inject` tests) never kills its test runner. Unarmed, a crash point is one comparison.
 */
export const CRASH_POINTS = [
  /** The local validator landed and saved a sendTransaction; the wallet has not had the answer yet. */
  'rpc:after-send',
  /** Inside initiate's database transaction: purchase row, listing reserved and audit written, not committed. */
  'initiate:before-commit',
  /** Confirm stored the buyer's signature (pending); verification has not started. */
  'confirm:before-verify',
  /**
   * Inside settlement's decision transaction (docs/domain.md#settlement): a sale (listing sold, audits, receipt) or a
   * refund (purchase failed as refunded, its payments marked for refund), all written, not committed.
   */
  'verify:before-commit',
  /** Verify committed (verified, listing sold); not completed, nothing answered yet. */
  'verify:after-commit',
  /** The key was decrypted and the reveal audited; the buyer has not received it. */
  'key:reveal-before-reply',
  /** Inside destroy's transaction: ciphertext deleted and the purchase marked, not committed. */
  'key:destroy-before-commit',
  /** Destroy committed; the buyer has not had the answer. */
  'key:destroy-after-commit',
  /** Inside a bulk chunk's transaction: its listings inserted, their encrypted keys not yet. */
  'bulk:chunk-before-keys',
  /** A payout or refund is signed and stored in the outbox with its signature; it has not been sent. */
  'settle:before-send',
  /** The payout or refund was sent; the ledger does not know it landed yet. */
  'settle:after-send',
  /** The payout or refund is seen landed on chain; its ledger rows are not written yet. */
  'settle:before-ledger',
] as const;

export type CrashPoint = (typeof CRASH_POINTS)[number];

/** FAULT_CRASH_AT's value: `<point>` (die the first time it is reached) or `<point>#<n>` (the n-th time). */
export interface CrashPlan {
  point: CrashPoint;
  hit: number;
}

export function parseCrashPlan(value: string): CrashPlan | string {
  const m = /^([a-z-]+:[a-z-]+)(?:#([1-9]\d{0,5}))?$/.exec(value);
  const point = CRASH_POINTS.find((p) => p === m?.[1]);
  if (!m || !point) return `must be one of ${CRASH_POINTS.join(', ')}, optionally followed by #<n> (the n-th time)`;
  return { point, hit: m[2] ? Number(m[2]) : 1 };
}

let armed: CrashPlan | undefined;
let reached = 0;

/** Called once by `main.ts` with the parsed FAULT_CRASH_AT. */
export function armCrashPoint(plan: CrashPlan | undefined): void {
  armed = plan;
  reached = 0;
}

export function crashPoint(point: CrashPoint): void {
  if (armed?.point !== point || ++reached < armed.hit) return;
  // Synchronous write: the test reads it to know the process died here and not somewhere else.
  writeSync(2, `FAULT_CRASH_AT: killing the process at ${point} (#${reached})\n`);
  process.kill(process.pid, 'SIGKILL');
  // SIGKILL cannot be caught; should delivery lag, nothing after this point may run meanwhile.
  for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_000);
}
