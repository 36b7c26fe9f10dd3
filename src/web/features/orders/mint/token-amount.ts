/** The largest amount a token account holds: u64. */
const MAX_TOKEN_UNITS = 2n ** 64n - 1n;

export type TokenAmountRead = { ok: true; units: bigint } | { ok: false; reason: string };

/**
 * An initial supply as typed ("1000", "12.5") in the mint's smallest units, without floats: "12.5" at 6 decimals is
 * 12,500,000. Empty means no supply (no token account is made).
 */
export function readTokenAmount(text: string, decimals: number): TokenAmountRead {
  const trimmed = text.trim().replace(/[_\s]/g, '');
  if (trimmed === '') return { ok: true, units: 0n };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(trimmed);
  if (!match || (match[1] === '' && !match[2])) return { ok: false, reason: 'Write a number such as 1000 or 12.5' };
  const fraction = match[2] ?? '';
  if (fraction.length > decimals)
    return { ok: false, reason: `At most ${decimals} decimal${decimals === 1 ? '' : 's'} with this mint` };
  const units = BigInt((match[1] || '0') + fraction.padEnd(decimals, '0'));
  if (units > MAX_TOKEN_UNITS) return { ok: false, reason: 'More than a token account can hold' };
  return { ok: true, units };
}
