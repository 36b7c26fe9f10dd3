import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isGrindSeed, seedAddressBytes } from '@shared/seed-address/seed-address';
import { createSeedSource } from './grind-seeds';

describe("the seed-derived lane's candidates", () => {
  it('are SHA-256(base ‖ seed ‖ owner) of distinct printable seeds', () => {
    const base = new Uint8Array(randomBytes(32));
    const owner = new Uint8Array(randomBytes(32));
    const source = createSeedSource(base, owner);
    const seen = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      const address = Uint8Array.from(source.next());
      const seed = source.seed();
      expect(isGrindSeed(seed), seed).toBe(true);
      seen.add(seed);
      // Checked on a sample: the shared (browser) hash must agree with node:crypto's.
      if (i % 50 === 0 || i < 100) expect(address).toEqual(seedAddressBytes(base, seed, owner));
    }
    expect(seen.size).toBe(5_000);
  });

  it('start apart on two sources for one order', () => {
    const base = new Uint8Array(randomBytes(32));
    const owner = new Uint8Array(randomBytes(32));
    const one = createSeedSource(base, owner);
    const two = createSeedSource(base, owner);
    one.next();
    two.next();
    expect(one.seed()).not.toBe(two.seed());
  });
});
