import { getBase58Decoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { BASE58_ALPHABET } from './alphabet';
import { prefixChance, prefixCount } from './prefix-distribution';
import { prefixProbability } from './probability';

const encode = (bytes: Uint8Array) => getBase58Decoder().decode(bytes);
const digit = (char: string) => BASE58_ALPHABET.indexOf(char);

describe('exact prefix counts', () => {
  it('match a count of every 2-byte string, for every one- and two-character prefix', () => {
    const tally = new Map<string, number>();
    for (let n = 0; n < 65_536; n++) {
      const text = encode(Uint8Array.of(n >> 8, n & 255));
      if (text.startsWith('1')) continue;
      tally.set(text[0]!, (tally.get(text[0]!) ?? 0) + 1);
      tally.set(text.slice(0, 2), (tally.get(text.slice(0, 2)) ?? 0) + 1);
    }
    for (const a of BASE58_ALPHABET.slice(1)) {
      expect(prefixCount([[digit(a)]], 2), a).toBe(BigInt(tally.get(a) ?? 0));
      for (const b of BASE58_ALPHABET) {
        expect(prefixCount([[digit(a)], [digit(b)]], 2), a + b).toBe(BigInt(tally.get(a + b) ?? 0));
      }
    }
  });

  it('count a set of digits per position as the sum of its spellings', () => {
    const sets = [
      [digit('J'), digit('j')],
      [digit('E'), digit('e')],
      [digit('K'), digit('k')],
    ];
    let spelled = 0n;
    for (const a of sets[0]!)
      for (const b of sets[1]!) for (const c of sets[2]!) spelled += prefixCount([[a], [b], [c]], 32);
    expect(prefixCount(sets, 32)).toBe(spelled);
  });

  it("agree with sampled keys where the 1/58 estimate did not: 'J' followed by '2'", () => {
    const samples = 200_000;
    let j2 = 0;
    for (let i = 0; i < samples; i++) if (encode(crypto.getRandomValues(new Uint8Array(32))).startsWith('J2')) j2++;
    const expected = samples * prefixProbability('J2', 'solana', true);
    expect(expected).toBeCloseTo(samples * prefixChance([[digit('J')], [digit('2')]], 32), 9);
    // About 200 expected; the old estimate (P('J') / 58) expected about 57. Five standard deviations either way.
    expect(Math.abs(j2 - expected)).toBeLessThan(5 * Math.sqrt(expected));
  });
});
