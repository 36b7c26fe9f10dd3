import { PRICE_RULES, parseSolInput } from '../sol-input';

/*
 * The listing messages and price rule, apart from the listing schemas (listings.ts re-exports them): a page that shows
 * a price field or a listing card at first paint takes these without Zod (docs/decisions/0014-first-paint.md).
 */

export const PRICE_REQUIRED = 'Price is required';
export const PRICE_NOT_POSITIVE = 'Price must be a positive number greater than 0';
export const PRIVATE_KEY_REQUIRED = 'Private key is required to verify ownership';
export const ADDRESS_REQUIRED = 'Please enter an address';

/**
 * Why `input` is not a valid listing price, or null when it is: the shared reader of typed SOL (`parseSolInput`,
 * "0.5", "0,5" or ".5") under the price rules, above 0, at most 8 decimals, within the price cap. Used by the schemas
 * in listings.ts, the bulk service for each row, and the browser's price fields, so all of them refuse the same input
 * for the same reason.
 */
export function priceProblem(input: unknown): string | null {
  if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) {
    return PRICE_REQUIRED;
  }
  const read = parseSolInput(input, PRICE_RULES);
  if (read.ok) return null;
  return read.reason === PRICE_ZERO ? PRICE_NOT_POSITIVE : read.reason;
}
const PRICE_ZERO = 'Price must be more than 0 SOL';
