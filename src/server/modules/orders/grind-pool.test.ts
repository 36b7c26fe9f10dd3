import { ed25519 } from '@noble/curves/ed25519.js';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBase58 } from '@shared/keys/base58';
import { seedAddressBytes } from '@shared/seed-address/seed-address';
import { tweakedPoint } from '@shared/split-key/tweak';
import { createGrindPool, type GrindPool } from './grind-pool';
import { matcherOf, type GrindPattern } from './grind-match';

/** The pool's worker threads grinding each lane end to end (one worker, so a few seconds to start). */
let pool: GrindPool;
beforeAll(async () => {
  pool = await createGrindPool(1, { measureMs: 90 });
});
afterAll(() => pool.close());

const target: GrindPattern = { pattern: 'ab', position: 'prefix', caseSensitive: false };

describe('the grind pool on each lane', () => {
  it('measures a rate for every lane', () => {
    for (const lane of ['wallet', 'split-key', 'seed-derived'] as const) expect(pool.rate(lane)).toBeGreaterThan(0);
  });

  it('grinds a split-key order into t, with P + t·G the matching address', async () => {
    const basePoint = ed25519.getPublicKey(randomBytes(32));
    const hit = await pool.grind(target, () => undefined, { kind: 'split-key', basePoint }).result;
    expect(hit).not.toBeNull();
    expect(matcherOf(target)(hit!.address)).toBe(true);
    expect(Object.keys(hit!).sort()).toEqual(['address', 'tweak']);
    const address = tweakedPoint(ed25519.Point.fromBytes(basePoint), hit!.tweak).toBytes();
    expect(address).toEqual(decodeBase58(hit!.address));
  });

  it('grinds a seed-derived order into a seed', async () => {
    const base = new Uint8Array(randomBytes(32));
    const owner = new Uint8Array(randomBytes(32));
    const hit = await pool.grind(target, () => undefined, { kind: 'seed-derived', base, owner }).result;
    expect(matcherOf(target)(hit!.address)).toBe(true);
    expect(seedAddressBytes(base, hit!.seed, owner)).toEqual(decodeBase58(hit!.address));
  });

  it('still grinds the wallet lane by default, into a secret key', async () => {
    const hit = await pool.grind(target, () => undefined).result;
    expect(matcherOf(target)(hit!.address)).toBe(true);
    expect(hit!.secretKey).toHaveLength(64);
    hit!.secretKey.fill(0);
  });

  it('refuses a small-order base point before any worker is told', () => {
    expect(() =>
      pool.grind(target, () => undefined, { kind: 'split-key', basePoint: ed25519.Point.ZERO.toBytes() }),
    ).toThrow(/SMALL_ORDER/);
  });
});
