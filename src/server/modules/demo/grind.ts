import { randomBytes } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { analyzeAddress } from '@server/rarity';
import { publicKeyFromSeed, publicKeyToAddress } from '../key-crypto';

/**
 * A small, time-boxed vanity grinder for the demo listings: real ed25519 keys from node:crypto, checked against
 * short patterns. It does ~3–10k keys/s on one core of the 2-core dev box, so only 2-character patterns are
 * sure to be found in a few seconds (a 2-character prefix of '2'…'H' is ~1 key in 1,000, a 2-character suffix
 * 1 in 3,364); 3-character ones are listed as lucky extras. Whatever is found when time is up is used.
 */

export interface GrindTarget {
  pattern: string;
  position: 'prefix' | 'suffix';
  /** A target that is rarely found in the budget; the grind does not wait for it. */
  lucky?: boolean;
}

export interface GroundKey {
  address: string;
  /** seed ‖ public key, the 64-byte form wallets import. The caller wipes it after use. */
  secretKey: Uint8Array;
  /** The target matched; null for a random key kept for the features the rarity engine finds in it. */
  target: GrindTarget | null;
}

export interface GrindOptions {
  budgetMs: number;
  /** Random keys with a naturally notable feature to keep besides the targets. */
  naturalWanted: number;
  /** Keys per slice between event-loop turns. */
  batch?: number;
}

const matches = (address: string, t: GrindTarget) =>
  t.position === 'prefix' ? address.startsWith(t.pattern) : address.endsWith(t.pattern);

// Cheap pre-filter before the full rarity analysis: a tripled character or a run of four digits.
const MAYBE_NOTABLE = /(.)\1\1|\d{4}/;

export async function grindKeys(targets: readonly GrindTarget[], opts: GrindOptions): Promise<GroundKey[]> {
  const deadline = performance.now() + opts.budgetMs;
  const batch = opts.batch ?? 200;
  const open = new Set(targets);
  const found: GroundKey[] = [];
  let natural = 0;
  const done = () => natural >= opts.naturalWanted && [...open].every((t) => t.lucky);

  while (!done() && performance.now() < deadline) {
    const seeds = randomBytes(32 * batch);
    for (let i = 0; i < batch; i++) {
      const seed = seeds.subarray(i * 32, i * 32 + 32);
      const publicKey = publicKeyFromSeed(seed);
      const address = publicKeyToAddress(publicKey);
      let target: GrindTarget | null = null;
      for (const t of open) {
        if (matches(address, t)) {
          target = t;
          break;
        }
      }
      if (target) open.delete(target);
      else if (natural >= opts.naturalWanted || !MAYBE_NOTABLE.test(address)) continue;
      else if (analyzeAddress(address, { network: 'solana' }).category === 'custom') continue;
      else natural++;
      const secretKey = new Uint8Array(64);
      secretKey.set(seed, 0);
      secretKey.set(publicKey, 32);
      found.push({ address, secretKey, target });
    }
    seeds.fill(0);
    // Let the event loop breathe: the embedded validator and timers share this thread.
    await yieldToLoop();
  }
  return found;
}
