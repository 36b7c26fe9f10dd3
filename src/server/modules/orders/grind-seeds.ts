import { hash, randomInt } from 'node:crypto';
import { MAX_SEED_BYTES, SEED_ALPHABET } from '@shared/seed-address/seed-address';

/**
 * Where the seed-derived lane's candidates come from: SHA-256(base ‖ seed ‖ owner) for seed after seed, one hash
 * each (Solana's create_with_seed, src/shared/seed-address). The seed is a random head, drawn per job and worker so
 * that workers grinding one order search apart, then a counter: a seed controls nothing, so unlike a key it may
 * be predictable. The input lives in one buffer whose counter characters change in place; node:crypto's one-shot
 * `hash` avoids a Hash object per attempt.
 */
export interface SeedSource {
  /** The next candidate address's 32 bytes. */
  next(): Uint8Array;
  /** The seed of the candidate the last `next()` returned. */
  seed(): string;
}

const HEAD = 6; // 58^6 ≈ 3.8 · 10^10 heads: workers do not meet
const COUNTER = 6; // 58^6 attempts per head before a new one is drawn
const SEED_LENGTH = HEAD + COUNTER;
const CODES = Uint8Array.from(SEED_ALPHABET, (c) => c.charCodeAt(0));

export function createSeedSource(base: Uint8Array, owner: Uint8Array): SeedSource {
  if (SEED_LENGTH > MAX_SEED_BYTES) throw new Error('seed too long');
  const input = Buffer.alloc(32 + SEED_LENGTH + 32);
  input.set(base, 0);
  input.set(owner, 32 + SEED_LENGTH);
  const digits = new Uint8Array(COUNTER);
  let started = false;

  const drawHead = () => {
    for (let i = 0; i < HEAD; i++) input[32 + i] = CODES[randomInt(CODES.length)]!;
    digits.fill(0);
    for (let i = 0; i < COUNTER; i++) input[32 + HEAD + i] = CODES[0]!;
  };
  drawHead();

  /** The counter + 1, in base 58, last character first; a new head when it wraps. */
  const increment = () => {
    for (let i = COUNTER - 1; i >= 0; i--) {
      const d = digits[i]! + 1;
      if (d < CODES.length) {
        digits[i] = d;
        input[32 + HEAD + i] = CODES[d]!;
        return;
      }
      digits[i] = 0;
      input[32 + HEAD + i] = CODES[0]!;
    }
    drawHead();
  };

  return {
    next() {
      if (started) increment();
      started = true;
      return hash('sha256', input, 'buffer');
    },
    seed() {
      return input.toString('latin1', 32, 32 + SEED_LENGTH);
    },
  };
}
