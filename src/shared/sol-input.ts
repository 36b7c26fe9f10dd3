import {
  LAMPORTS_PER_SOL,
  MAX_PRICE_LAMPORTS,
  MIN_PRICE_LAMPORTS,
  MoneyParseError,
  PRICE_DECIMALS,
  parseSolToLamports,
} from './money';

/**
 * The one reader of a SOL amount a person typed: the create form, the price edits, the bulk price column,
 * the marketplace's price filters, and the server's schemas for all of them. It reads, it never repairs: "0,5" is
 * 0.5 because a comma is a decimal separator in half the world, but "-1" is refused, not turned into 1, and
 * "0,5.1" is refused, not guessed. Each refusal says why, in words a seller can act on.
 */

export type SolInputResult = { ok: true; lamports: bigint; sol: string } | { ok: false; reason: string };

export interface SolInputRules {
  /** What the amount is called in the reasons ("Price", "Max price"). */
  label?: string;
  /** At most this many decimals: 9 (a lamport) unless the column holds fewer (prices: 8). */
  maxDecimals?: number;
  /** Largest amount accepted (default: the price cap, the most a numeric(18,8) price column holds). */
  maxLamports?: bigint;
  /** Whether 0 is an amount (a filter's lower bound) or refused (a price: it would give the key away). */
  allowZero?: boolean;
  /** Smallest amount above 0 accepted (a price: what an escrow account can receive and pay out). */
  minLamports?: bigint;
}

/** The rules of a listing price: 8 decimals, the cap of the price column, at least what an escrow can pay out. */
export const PRICE_RULES = {
  label: 'Price',
  maxDecimals: PRICE_DECIMALS,
  maxLamports: MAX_PRICE_LAMPORTS,
  minLamports: MIN_PRICE_LAMPORTS,
} as const;

const DIGITS = /^\d*$/;

/** Lamports as plain decimal SOL, trailing zeros trimmed: the normal form every caller sends on. */
function solText(lamports: bigint): string {
  const int = lamports / LAMPORTS_PER_SOL;
  const frac = (lamports % LAMPORTS_PER_SOL).toString().padStart(9, '0').replace(/0+$/, '');
  return frac ? `${int}.${frac}` : `${int}`;
}

/** The cap as a person reads it: 9,999,999,999.99999999 SOL. */
function capText(lamports: bigint): string {
  const [int = '0', frac] = solText(lamports).split('.');
  return `${BigInt(int).toLocaleString('en-US')}${frac ? `.${frac}` : ''} SOL`;
}

/**
 * Reads `input` as SOL. Strings: digits with at most one decimal separator, '.' or ',' ("0.5", "0,5", ".5", "5.");
 * surrounding spaces are ignored. Numbers (a JSON body may send one): read exactly through their shortest decimal
 * string, with the same limits.
 */
export function parseSolInput(input: unknown, rules: SolInputRules = {}): SolInputResult {
  const label = rules.label ?? 'Amount';
  const maxDecimals = rules.maxDecimals ?? 9;
  const maxLamports = rules.maxLamports ?? MAX_PRICE_LAMPORTS;
  const fail = (reason: string): SolInputResult => ({ ok: false, reason });

  let lamports: bigint;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return fail(`${label} must be a number such as 0.5`);
    if (input < 0) return fail(`${label} cannot be negative`);
    try {
      lamports = parseSolToLamports(input, { maxDecimals });
    } catch (err) {
      const text = err instanceof MoneyParseError ? err.message : '';
      if (/decimal places/.test(text)) return fail(decimalsReason(label, maxDecimals));
      return fail(`${label} is above the most allowed, ${capText(maxLamports)}`);
    }
  } else if (typeof input === 'string') {
    const read = readText(input.trim(), label, maxDecimals);
    if (typeof read === 'string') return fail(read);
    lamports = read;
  } else if (input === undefined || input === null) {
    return fail(`${label} is required`);
  } else {
    return fail(`${label} must be a number such as 0.5`);
  }

  if (lamports > maxLamports) return fail(`${label} is above the most allowed, ${capText(maxLamports)}`);
  if (lamports === 0n && !rules.allowZero) return fail(`${label} must be more than 0 SOL`);
  if (lamports > 0n && rules.minLamports !== undefined && lamports < rules.minLamports) {
    return fail(
      `${label} must be at least ${solText(rules.minLamports)} SOL: less cannot be paid into an escrow and out to a seller`,
    );
  }
  return { ok: true, lamports, sol: solText(lamports) };
}

function decimalsReason(label: string, maxDecimals: number): string {
  return maxDecimals === 9
    ? `${label} can have at most 9 decimals (0.000000001 SOL is 1 lamport, the smallest amount)`
    : `${label} can have at most ${maxDecimals} decimals`;
}

/** Lamports, or why `text` is not an amount. */
function readText(text: string, label: string, maxDecimals: number): bigint | string {
  if (text === '') return `${label} is required`;
  if (text.length > 40) return `${label} is too long to be an amount`;
  if (/^[-−–]/.test(text)) return `${label} cannot be negative: remove the minus sign`;
  if (/\p{L}/u.test(text)) return `${label} must be digits only, without letters (e.g. 0.5)`;
  const separators = text.match(/[.,]/g) ?? [];
  if (separators.length > 1) {
    return `${label} has ${separators.length} separators: use one decimal separator, "." or "," (e.g. 0.5 or 0,5)`;
  }
  const [int = '', frac = ''] = text.split(/[.,]/);
  if (!DIGITS.test(int) || !DIGITS.test(frac)) {
    return `${label} must be digits with one decimal separator (e.g. 0.5); spaces and signs are not allowed`;
  }
  if (int === '' && frac === '') return `${label} must have digits (e.g. 0.5)`;
  // "1,000": a thousands separator or a decimal comma? Read either way it is 1000× apart, so it is asked, not guessed.
  if (text.includes(',') && frac.length === 3 && /[1-9]/.test(int)) {
    return `${label} "${text}" could mean ${int}${frac} or ${int}.${frac}: write it without the comma, or with a point`;
  }
  const significant = frac.replace(/0+$/, '');
  if (significant.length > maxDecimals) return decimalsReason(label, maxDecimals);
  if (int.replace(/^0+/, '').length > 20) return `${label} is too large`;
  return BigInt(int || '0') * LAMPORTS_PER_SOL + BigInt(significant.padEnd(9, '0'));
}
