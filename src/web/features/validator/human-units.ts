/** Big counts and durations in words people read at a glance (validator and address page). */

// Made on first use: building an Intl formatter loads locale data, a long task on a phone if done while Home loads.
let formatters: { compact: Intl.NumberFormat; plain: Intl.NumberFormat } | undefined;
const formatter = (kind: 'compact' | 'plain') =>
  (formatters ??= {
    compact: new Intl.NumberFormat('en-US', {
      notation: 'compact',
      compactDisplay: 'long',
      maximumSignificantDigits: 3,
    }),
    plain: new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 }),
  })[kind];

/** 12_300 → '12.3 thousand', 4.2e9 → '4.2 billion', beyond trillions '1.5 × 10^18'. */
export function humanCount(n: number): string {
  if (!Number.isFinite(n)) return '∞';
  if (n < 1000) return formatter('plain').format(Math.max(0, n));
  if (n < 1e15) return formatter('compact').format(n);
  const exp = Math.floor(Math.log10(n));
  return `${formatter('plain').format(n / 10 ** exp)} × 10^${exp}`;
}

const UNITS: Array<[seconds: number, name: string]> = [
  [365.25 * 86400, 'year'],
  [86400, 'day'],
  [3600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** 0.2 → 'under a second', 90 → '1.5 minutes', 3e9 → '95.1 years', 3e20 → '9.51 × 10^12 years'. */
export function humanDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return 'forever';
  if (seconds < 1) return 'under a second';
  for (const [size, name] of UNITS) {
    if (seconds >= size) {
      const value = seconds / size;
      const text = humanCount(value);
      return `${text} ${name}${text === '1' ? '' : 's'}`;
    }
  }
  return 'under a second';
}

/** 1 in N: the probability a random keypair matches. */
export const oneIn = (attempts: number) => `1 in ${humanCount(attempts)}`;
