/**
 * Money: integer lamports (`bigint`) inside the program, decimal SOL strings only at the edges (JSON, the
 * `numeric(18,8)` price columns). Nothing here goes through a float on the way to an amount that is paid or
 * verified; `solStringToNumber` exists for display and sorting only.
 *
 * Prices are limited to 8 decimals (1e-8 SOL = 10 lamports) because the price columns are `numeric(18,8)`:
 * parse prices with `{ maxDecimals: PRICE_DECIMALS }` or check with `assertPriceFitsNumeric`.
 */

export const LAMPORTS_PER_SOL = 1_000_000_000n;
/** Decimals of one lamport in SOL. */
export const SOL_DECIMALS = 9;
/** Decimals a price may have: the scale of the `numeric(18,8)` price columns. */
export const PRICE_DECIMALS = 8;
/** Largest balance Solana can hold (lamports are a u64 on chain). */
export const MAX_LAMPORTS = 2n ** 64n - 1n;
/** Largest price `numeric(18,8)` can store: 9,999,999,999.99999999 SOL. */
export const MAX_PRICE_LAMPORTS = 10n ** 19n - 10n;
/** The smallest step of a `numeric(18,8)` SOL column: 1e-8 SOL. */
export const PRICE_UNIT_LAMPORTS = 10n;
/**
 * The smallest price (docs/domain.md#settlement): a payment lands in a fresh escrow account, and an account cannot
 * be funded below the rent-exempt minimum of an empty account (890,880 lamports), nor pay the seller less than that
 * when the seller's wallet is new; the escrow's payout fee (one signature, 5,000) comes on top.
 */
export const RENT_EXEMPT_MINIMUM_LAMPORTS = 890_880n;
export const MIN_PRICE_LAMPORTS = RENT_EXEMPT_MINIMUM_LAMPORTS + 5_000n;
/** Largest USD amount a `numeric(18,8)` column holds (10 integer digits). */
const MAX_USD_COLUMN = 9_999_999_999;

export class MoneyParseError extends Error {
  override readonly name = 'MoneyParseError';
}

// Longer inputs are garbage, not money; the cap keeps regexes and BigInt work trivially cheap.
const MAX_INPUT_LENGTH = 64;
// Exponents beyond this cannot be a price (and would make us build huge digit strings).
const MAX_EXPONENT = 40;
const DECIMAL_RE = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

interface PlainDecimal {
  negative: boolean;
  /** Integer digits without leading zeros ('' for zero). */
  int: string;
  /** Fraction digits without trailing zeros. */
  frac: string;
}

/** Reads a decimal string or a JS number (via its shortest round-trip string) exactly, exponent included. */
function toPlainDecimal(input: string | number): PlainDecimal {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new MoneyParseError('Amount must be a finite number');
    text = String(input); // shortest decimal string that round-trips, e.g. 0.1 → '0.1', 1e-7 → '1e-7'
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    throw new MoneyParseError('Amount must be a number or a decimal string');
  }
  if (text === '') throw new MoneyParseError('Amount is required');
  if (text.length > MAX_INPUT_LENGTH) throw new MoneyParseError('Amount is too long');
  const m = DECIMAL_RE.exec(text);
  const [, sign = '', rawInt = '', rawFrac = '', rawExp] = m ?? [];
  if (!m || rawInt + rawFrac === '') {
    throw new MoneyParseError('Amount must be a decimal number such as 1.5');
  }
  const exp = rawExp === undefined ? 0 : Number(rawExp);
  if (Math.abs(exp) > MAX_EXPONENT) throw new MoneyParseError('Amount is out of range');

  // Move the decimal point by the exponent over the digit string.
  const digits = rawInt + rawFrac;
  let point = rawInt.length + exp;
  let padded = digits;
  if (point < 0) {
    padded = '0'.repeat(-point) + digits;
    point = 0;
  } else if (point > digits.length) {
    padded = digits + '0'.repeat(point - digits.length);
  }
  const int = padded.slice(0, point).replace(/^0+/, '');
  const frac = padded.slice(point).replace(/0+$/, '');
  return { negative: sign === '-' && (int !== '' || frac !== ''), int, frac };
}

export interface ParseSolOptions {
  /** At most this many decimals (default 9 = lamports; use PRICE_DECIMALS for prices). */
  maxDecimals?: number;
}

/**
 * Exact SOL → lamports. Accepts '1.5', '0.000000001', 2, '1e-3'; refuses negatives, NaN/Infinity, garbage,
 * more decimals than allowed and amounts above the on-chain u64 limit, with a `MoneyParseError`.
 * Zero is accepted: whether zero is a valid price is the caller's rule.
 */
export function parseSolToLamports(input: string | number, options: ParseSolOptions = {}): bigint {
  const maxDecimals = options.maxDecimals ?? SOL_DECIMALS;
  const { negative, int, frac } = toPlainDecimal(input);
  if (negative) throw new MoneyParseError('Amount must not be negative');
  if (frac.length > maxDecimals) {
    throw new MoneyParseError(
      maxDecimals === SOL_DECIMALS
        ? 'Amount can have at most 9 decimal places (1 lamport)'
        : `Amount can have at most ${maxDecimals} decimal places`,
    );
  }
  if (int.length > 20) throw new MoneyParseError('Amount is too large');
  const lamports = BigInt(int || '0') * LAMPORTS_PER_SOL + BigInt(frac.padEnd(SOL_DECIMALS, '0') || '0');
  if (lamports > MAX_LAMPORTS) throw new MoneyParseError('Amount is too large');
  return lamports;
}

/** Throws unless `lamports` can be stored as a `numeric(18,8)` price: 0 ≤ price ≤ MAX, a multiple of 10. */
export function assertPriceFitsNumeric(lamports: bigint): void {
  if (lamports < 0n) throw new MoneyParseError('Price must not be negative');
  if (lamports > MAX_PRICE_LAMPORTS) throw new MoneyParseError('Price is too large');
  if (lamports % PRICE_UNIT_LAMPORTS !== 0n) {
    throw new MoneyParseError(`Price can have at most ${PRICE_DECIMALS} decimal places`);
  }
}

/**
 * Lamports → the text of a `numeric(18,8)` amount column. A lamport amount that is not a whole number of 1e-8 is
 * refused rather than left to the database to round: the caller decides which way a computed amount rounds
 * (`truncateToPriceUnit`, `roundToPriceUnit`).
 */
export function lamportsToPriceColumn(lamports: bigint): string {
  if (lamports % PRICE_UNIT_LAMPORTS !== 0n)
    throw new MoneyParseError(`Amount can have at most ${PRICE_DECIMALS} decimal places`);
  return lamportsToSolString(lamports);
}

/** Lamports → decimal SOL string with up to 9 decimals, trailing zeros trimmed: 1500000000n → '1.5'. */
export function lamportsToSolString(lamports: bigint): string {
  const negative = lamports < 0n;
  // By the digits, not by BigInt division: every amount a response writes passes here (a listing page, 40 a request).
  const digits = (negative ? -lamports : lamports).toString().padStart(SOL_DECIMALS + 1, '0');
  const point = digits.length - SOL_DECIMALS;
  let end = digits.length;
  while (end > point && digits.charCodeAt(end - 1) === 48 /* '0' */) end--;
  return `${negative ? '-' : ''}${digits.slice(0, point)}${end > point ? `.${digits.slice(point, end)}` : ''}`;
}

/**
 * Display form of a SOL amount: at most `maxDecimals` decimals (rounded half away from zero), trailing zeros
 * trimmed, no exponent: '1.50000000' → '1.5', 0.1 + 0.2 → '0.3'. Unreadable input shows as '—' rather than
 * a number a buyer could mistake for the price.
 */
export function formatSolAmount(value: string | number, maxDecimals = PRICE_DECIMALS): string {
  let d: PlainDecimal;
  try {
    d = toPlainDecimal(value);
  } catch {
    return '—';
  }
  const places = Math.max(0, Math.min(20, Math.trunc(maxDecimals)));
  let scaled = BigInt((d.int || '0') + d.frac.padEnd(places, '0').slice(0, places));
  if ((d.frac[places] ?? '0') >= '5') scaled += 1n;
  const unit = 10n ** BigInt(places);
  const int = (scaled / unit).toString();
  const frac = places === 0 ? '' : (scaled % unit).toString().padStart(places, '0').replace(/0+$/, '');
  const sign = d.negative && scaled !== 0n ? '-' : '';
  return `${sign}${int}${frac ? `.${frac}` : ''}`;
}

/** A `numeric(18,8)` column's text as PostgreSQL writes it: '70.35000000', '0.00000000', '-0.50000000'. */
const PRICE_COLUMN_TEXT = /^(-?)(\d{1,10})\.(\d{8})$/;

/**
 * A `numeric(18,8)` column's text → lamports, exactly (the database's side of the `lamports` column type). The
 * column's own form is read by its digits, without the general reader's exponent handling (a listing page reads
 * 20 prices a request); any other text goes the general way, with its errors.
 */
export function priceColumnLamports(text: string): bigint {
  const m = PRICE_COLUMN_TEXT.exec(text);
  if (m) return BigInt(`${m[1]}${m[2]}${m[3]}0`);
  const negative = text.trimStart().startsWith('-');
  const lamports = parseSolToLamports(negative ? text.trimStart().slice(1) : text);
  return negative ? -lamports : lamports;
}

/** For display and sorting only (the spec sorts prices as floats); unreadable input gives 0. */
export function solStringToNumber(value: string | number): number {
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(n) ? n : 0;
}

/*
 * Fitting a computed amount into a numeric(18,8) column takes one of two roundings, chosen per use:
 * - truncate (toward zero) where the stored figure is a promise: a fee never exceeds its rate, an audit row never
 *   records more than was paid, a variance or mean never claims a lamport that is not there;
 * - round half up where it is an estimate with no side to err on: the rarity engine's estimated value.
 * Both feed `lamportsToSolString`, the one lamports → SOL text conversion.
 */

/** `lamports` truncated toward zero to a whole number of 1e-8 SOL, so a numeric(18,8) column holds it exactly. */
export function truncateToPriceUnit(lamports: bigint): bigint {
  return lamports - (lamports % PRICE_UNIT_LAMPORTS);
}

/** Non-negative `lamports` rounded half up to a whole number of 1e-8 SOL (an estimate's rounding). */
export function roundToPriceUnit(lamports: bigint): bigint {
  if (lamports < 0n) throw new RangeError('lamports must not be negative');
  return divideRoundHalfUp(lamports, PRICE_UNIT_LAMPORTS) * PRICE_UNIT_LAMPORTS;
}

/** numerator ÷ denominator for non-negative operands, rounded half up. */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * USD value of an amount in lamports at `usdPerSol`, for people only: USD is never paid or verified, so a float is
 * fine. Whole SOL and the lamport remainder are converted separately so large amounts keep their lamport precision
 * as far as a double allows.
 */
export function usdValue(lamports: bigint, usdPerSol: number): number {
  const whole = Number(lamports / LAMPORTS_PER_SOL);
  const rest = Number(lamports % LAMPORTS_PER_SOL) / Number(LAMPORTS_PER_SOL);
  return (whole + rest) * usdPerSol;
}

/**
 * `usdValue` as the text of a numeric(18,8) USD column, or null when it is not a finite amount that fits (a
 * 9,999,999,999 SOL price): a USD figure is a note beside a sale or edit, never a reason to refuse the write.
 */
export function usdColumnValue(lamports: bigint, usdPerSol: number): string | null {
  const usd = usdValue(lamports, usdPerSol);
  return Number.isFinite(usd) && Math.abs(usd) <= MAX_USD_COLUMN ? usd.toFixed(8) : null;
}

// numeric(12,4) percentage columns hold |value| < 10^8, i.e. below 10^12 ten-thousandths of a percent.
const PERCENT_LIMIT_TEN_THOUSANDTHS = 10n ** 12n;

/**
 * (next − previous) ÷ previous × 100, exactly from lamports, as the numeric(12,4) text the percentage columns hold
 * ("50.0000", "-33.3333"); truncated toward zero. Null when there is no such percentage to store: from a zero
 * amount, or when it does not fit the column (a million-fold change, 0.00000001 → 1.5 SOL). A clamped figure would
 * be a wrong number in the history, and an unclamped one would fail the whole write.
 */
export function percentChange(previous: bigint, next: bigint): string | null {
  if (previous === 0n) return null;
  const units = ((next - previous) * 1_000_000n) / previous; // 10⁻⁴ percent
  const negative = units < 0n;
  const abs = negative ? -units : units;
  if (abs >= PERCENT_LIMIT_TEN_THOUSANDTHS) return null;
  return `${negative ? '-' : ''}${abs / 10_000n}.${(abs % 10_000n).toString().padStart(4, '0')}`;
}
