import { randomBytes } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToNumberLE } from '@noble/curves/utils.js';
import { checkBasePoint } from '@shared/split-key/base-point';
import { createPointStepper } from '@shared/split-key/point-stepper';
import { createSeedSource } from './grind-seeds';
import type { KeySource } from './grind-keys';

/**
 * The three order lanes as the grinder sees them (DESIGN.md §14): what a worker steps through, and what a match
 * hands back. Only the wallet lane's match is a secret; the split-key lane returns t and the seed-derived lane
 * the seed, neither of which controls anything alone.
 */
export type GrindLane =
  | { kind: 'wallet' }
  /** P = a·G, 32 bytes, checked by `checkBasePoint` before it is ground. */
  | { kind: 'split-key'; basePoint: Uint8Array }
  /** The buyer's wallet and the owning program, 32 bytes each. */
  | { kind: 'seed-derived'; base: Uint8Array; owner: Uint8Array };
export type LaneKind = GrindLane['kind'];
export const LANE_KINDS: readonly LaneKind[] = ['wallet', 'split-key', 'seed-derived'];
export const WALLET_LANE: GrindLane = { kind: 'wallet' };

export type LaneFind =
  | { kind: 'wallet'; secretKey: Uint8Array }
  | { kind: 'split-key'; tweak: bigint }
  | { kind: 'seed-derived'; seed: string };

/** One worker's candidates for one job: `next()` gives 32 bytes to test, `find()` what the last one needs delivered. */
export interface CandidateSource {
  next(): Uint8Array;
  find(): LaneFind;
}

/** Why a lane cannot be ground, or null: checked on the main thread before any worker is told. */
export function laneProblem(lane: GrindLane): string | null {
  if (lane.kind === 'split-key') {
    const check = checkBasePoint(lane.basePoint);
    return check.ok ? null : check.problem;
  }
  if (lane.kind === 'seed-derived' && (lane.base.length !== 32 || lane.owner.length !== 32))
    return 'INVALID_KEY_LENGTH';
  return null;
}

export function candidateSourceOf(lane: GrindLane, keys: KeySource): CandidateSource {
  switch (lane.kind) {
    case 'wallet':
      return { next: () => keys.next(), find: () => ({ kind: 'wallet', secretKey: keys.secretKey() }) };
    case 'split-key': {
      const check = checkBasePoint(lane.basePoint);
      if (!check.ok) throw new Error(`split-key base point refused: ${check.problem}`);
      // A random start per job and worker (2^128 values) keeps workers on one order from stepping over each other.
      const stepper = createPointStepper(check.point, bytesToNumberLE(randomBytes(16)));
      return { next: () => stepper.next(), find: () => ({ kind: 'split-key', tweak: stepper.tweak() }) };
    }
    case 'seed-derived': {
      const seeds = createSeedSource(lane.base, lane.owner);
      return { next: () => seeds.next(), find: () => ({ kind: 'seed-derived', seed: seeds.seed() }) };
    }
  }
}

/** A lane of the kind with throwaway inputs, for measuring a worker's rate on it. */
export function sampleLane(kind: LaneKind): GrindLane {
  if (kind === 'wallet') return WALLET_LANE;
  if (kind === 'seed-derived') return { kind, base: randomBytes(32), owner: randomBytes(32) };
  // Any valid P steps at the same speed: a public key of a throwaway seed is one.
  return { kind, basePoint: ed25519.getPublicKey(randomBytes(32)) };
}
