import { parseSolToLamports, percentChange as lamportsPercentChange } from '@shared/money';

/**
 * `percentChange` (src/shared/money.ts) of two SOL amounts as the market_trends columns hold them; null when either
 * side is unknown.
 */
export function percentChange(current: string | null | undefined, previous: string | null | undefined): string | null {
  if (current == null || previous == null) return null;
  return lamportsPercentChange(parseSolToLamports(previous), parseSolToLamports(current));
}
