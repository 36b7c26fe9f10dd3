import { randomBytes } from '@noble/hashes/utils.js';
import { createAddressWithSeed, getAddressDecoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '@shared/keys/base58';
import { PDA_MARKER, SEED_ALPHABET, seedAddressBytes, seedAddressProblem } from './seed-address';

/** An integer in [from, to): test inputs only, so Math.random is enough. */
const randomInt = (from: number, to?: number) =>
  to === undefined ? Math.floor(Math.random() * from) : from + Math.floor(Math.random() * (to - from));

const decoder = getAddressDecoder();

describe('seed-derived addresses', () => {
  it("equal @solana/kit's createAddressWithSeed for random bases, seeds and owners", async () => {
    for (let i = 0; i < 300; i++) {
      const base = randomBytes(32);
      const owner = randomBytes(32);
      const seed = Array.from({ length: randomInt(0, 33) }, () => SEED_ALPHABET[randomInt(SEED_ALPHABET.length)]).join(
        '',
      );
      const ours = encodeBase58(seedAddressBytes(base, seed, owner));
      const kits = await createAddressWithSeed({
        baseAddress: decoder.decode(base),
        programAddress: decoder.decode(owner),
        seed,
      });
      expect(ours, seed).toBe(kits);
    }
  });

  it('refuses what Solana refuses: seeds over 32 bytes, owners ending with the PDA marker', async () => {
    const base = randomBytes(32);
    const owner = randomBytes(32);
    expect(seedAddressProblem(base, 'x'.repeat(33), owner)).toBe('SEED_TOO_LONG');
    expect(seedAddressProblem(base, 'é'.repeat(17), owner)).toBe('SEED_TOO_LONG'); // 34 UTF-8 bytes
    const marked = Uint8Array.from(owner);
    marked.set(PDA_MARKER, 32 - PDA_MARKER.length);
    expect(seedAddressProblem(base, 'abc', marked)).toBe('OWNER_IS_PDA_MARKER');
    expect(() => seedAddressBytes(base, 'abc', marked)).toThrow();
    await expect(
      createAddressWithSeed({ baseAddress: decoder.decode(base), programAddress: decoder.decode(marked), seed: 'abc' }),
    ).rejects.toThrow();
    expect(seedAddressProblem(base, 'x'.repeat(32), owner)).toBeNull();
  });
});
