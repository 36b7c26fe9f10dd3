import { percentChange as lamportsPercentChange } from '@shared/money';

/** `percentChange` (src/shared/money.ts) of two market_trends amounts; null when either side is unknown. */
export function percentChange(current: bigint | null | undefined, previous: bigint | null | undefined): string | null {
  if (current == null || previous == null) return null;
  return lamportsPercentChange(previous, current);
}
