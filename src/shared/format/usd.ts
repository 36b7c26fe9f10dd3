/**
 * USD display (docs/product-spec.md#constants-and-limits). USD values are for people only: they are never paid or
 * verified, so a float is fine here, unlike SOL amounts (see `../money.ts`, which also converts lamports to USD).
 */

/** Rate used when a listing has no `formattedUsd` (home page, listing cards). */
export const FALLBACK_USD_PER_SOL_LISTING = 197;
/** Rate used for a transaction without `formattedUsd`. */
export const FALLBACK_USD_PER_SOL_TRANSACTION = 203.35;
/** The spec's default `formattedUsd`, also what zero and unreadable amounts show. */
export const DEFAULT_FORMATTED_USD = '$0.00';
/** Shown for any positive amount below one millionth of a dollar, so a tiny value never reads as free. */
export const TINY_USD = '$0.000001';

const formatters = new Map<number, Intl.NumberFormat>();
function usdFormatter(decimals: number): Intl.NumberFormat {
  let f = formatters.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(decimals, f);
  }
  return f;
}

/**
 * Decimals per docs/product-spec.md#constants-and-limits: more of them as the amount shrinks, so small prices keep
 * their significant digits.
 */
function decimalsFor(amount: number): number {
  if (amount < 0) return 8;
  if (amount < 0.001) return 6;
  if (amount < 0.01) return 4;
  if (amount < 0.1) return 3;
  return 2;
}

/**
 * '$1,234.57', '$0.050', '$0.0050', '$0.000500', '$0.000001' (any 0 < amount < 1e-6), '-$1.50000000'.
 * Zero and non-finite input give '$0.00', the spec's default.
 */
export function formatUsd(amount: number): string {
  if (!Number.isFinite(amount) || amount === 0) return DEFAULT_FORMATTED_USD;
  if (amount > 0 && amount < 1e-6) return TINY_USD;
  // The common case written directly: Intl's format is most of a listing's view, and a page shows 20.
  // Intl rounds the shortest decimal that reads back as the double ('0.995', not the double's exact
  // 0.99499…) half away from zero; so is it rounded here, in whole cents, exact below 2^53 (usd.test.ts compares the
  // two).
  if (amount >= 0.1 && amount < 1e13) {
    const text = String(amount);
    const dot = text.indexOf('.');
    // Whole cents: the integer part (the shortest decimal's, which is the double's), two decimals, and one more
    // when the third is 5 or more.
    const cents =
      Math.trunc(amount) * 100 +
      (dot < 0 ? 0 : digitAt(text, dot + 1) * 10 + digitAt(text, dot + 2) + (digitAt(text, dot + 3) >= 5 ? 1 : 0));
    const rest = cents % 100;
    return `$${grouped(String((cents - rest) / 100))}.${rest < 10 ? '0' : ''}${rest}`;
  }
  return usdFormatter(decimalsFor(amount)).format(amount);
}

/** The decimal digit at `at`, 0 past the end. */
const digitAt = (text: string, at: number) => (at < text.length ? text.charCodeAt(at) - 48 : 0);

/** '1234567' → '1,234,567', as en-US groups whole dollars. */
function grouped(int: string): string {
  let out = int.slice(0, ((int.length - 1) % 3) + 1);
  for (let i = out.length; i < int.length; i += 3) out += `,${int.slice(i, i + 3)}`;
  return out;
}
