import { ed25519 } from '@noble/curves/ed25519.js';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '@shared/keys/base58';
import { seedAddressBytes } from '@shared/seed-address/seed-address';
import { tweakedPoint } from '@shared/split-key/tweak';
import { keyMatcherOf } from './grind-key-match';
import { candidateSourceOf, laneProblem, type GrindLane } from './grind-lanes';
import { createKeySource } from './grind-keys';
import { matcherOf, type GrindPattern } from './grind-match';

const keys = createKeySource();
const splitKeyLane = (): GrindLane => ({ kind: 'split-key', basePoint: ed25519.getPublicKey(randomBytes(32)) });
const seedLane = (): GrindLane => ({ kind: 'seed-derived', base: randomBytes(32), owner: randomBytes(32) });

/** Short patterns, so that many of the candidates match and both answers get exercised. */
const TARGETS: GrindPattern[] = ['1', 'A', 'z', 'k', '2J', 'q'].flatMap((pattern) =>
  (['prefix', 'suffix'] as const).flatMap((position) =>
    [true, false].map((caseSensitive) => ({ pattern, position, caseSensitive })),
  ),
);

describe('the split-key and seed-derived lanes', () => {
  it.each([
    ['split-key', splitKeyLane()],
    ['seed-derived', seedLane()],
  ] as const)('test the pattern on bytes as base58 would, for 100,000 %s candidates', (_, lane) => {
    const source = candidateSourceOf(lane, keys);
    const candidates = Array.from({ length: 100_000 }, () => Uint8Array.from(source.next()));
    const addresses = candidates.map(encodeBase58);
    for (const target of TARGETS) {
      const onBytes = keyMatcherOf(target);
      const onAddress = matcherOf(target);
      let matched = 0;
      const disagreements = candidates.filter((key, i) => {
        const want = onAddress(addresses[i]!);
        if (want) matched++;
        return onBytes(key) !== want;
      });
      expect(disagreements.map(encodeBase58), JSON.stringify(target)).toEqual([]);
      expect(matched, JSON.stringify(target)).toBeGreaterThan(0);
    }
  });

  it('deliver what rebuilds each candidate: t for split key, the seed for seed-derived', () => {
    const split = splitKeyLane();
    const splitSource = candidateSourceOf(split, keys);
    const seed = seedLane();
    const seedSource = candidateSourceOf(seed, keys);
    for (let i = 0; i < 300; i++) {
      const address = Uint8Array.from(splitSource.next());
      const find = splitSource.find();
      if (find.kind !== 'split-key' || split.kind !== 'split-key') throw new Error('wrong lane');
      expect(tweakedPoint(ed25519.Point.fromBytes(split.basePoint), find.tweak).toBytes()).toEqual(address);

      const seeded = Uint8Array.from(seedSource.next());
      const seedFind = seedSource.find();
      if (seedFind.kind !== 'seed-derived' || seed.kind !== 'seed-derived') throw new Error('wrong lane');
      expect(seedAddressBytes(seed.base, seedFind.seed, seed.owner)).toEqual(seeded);
    }
  });

  it('refuse a base point the split-key lane must not grind', () => {
    expect(laneProblem(splitKeyLane())).toBeNull();
    const identity = ed25519.Point.ZERO.toBytes();
    expect(laneProblem({ kind: 'split-key', basePoint: identity })).toBe('SMALL_ORDER');
    expect(laneProblem({ kind: 'seed-derived', base: new Uint8Array(31), owner: new Uint8Array(32) })).toBe(
      'INVALID_KEY_LENGTH',
    );
  });
});
