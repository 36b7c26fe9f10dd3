import { parseSolToLamports } from '@shared/money';

// changePercent columns are numeric(12,4): |value| < 10^8.
const LIMIT_TEN_THOUSANDTHS = 10n ** 12n - 1n;

/**
 * (current − previous) ÷ previous × 100 of two SOL amounts, exactly, as the numeric(12,4) text the
 * market_trends columns hold ("12.5000", "-3.3333"); truncated toward zero. Null when either side is unknown
 * or the previous amount is zero (a change from nothing has no percentage).
 */
export function percentChange(current: string | null | undefined, previous: string | null | undefined): string | null {
  if (current == null || previous == null) return null;
  const now = parseSolToLamports(current);
  const before = parseSolToLamports(previous);
  if (before === 0n) return null;
  let units = ((now - before) * 1_000_000n) / before; // 10⁻⁴ percent
  if (units > LIMIT_TEN_THOUSANDTHS) units = LIMIT_TEN_THOUSANDTHS;
  if (units < -LIMIT_TEN_THOUSANDTHS) units = -LIMIT_TEN_THOUSANDTHS;
  const negative = units < 0n;
  const abs = negative ? -units : units;
  return `${negative ? '-' : ''}${abs / 10_000n}.${(abs % 10_000n).toString().padStart(4, '0')}`;
}
