import { z } from 'zod';

/**
 * Reads SOL/USD from PRICE_FEED_URL (docs/domain.md#configuration). The body must be JSON in one of these shapes:
 *
 *   { "solana": { "usd": 142.3 } }   CoinGecko /simple/price?ids=solana&vs_currencies=usd
 *   { "usd": 142.3 }                 a plain rate
 *   { "price": "142.3" }             Binance /ticker/price and similar (a number or a decimal string)
 *
 * Anything else, a non-2xx status, a non-positive rate or no answer within the timeout is a `PriceFeedError`.
 */

export class PriceFeedError extends Error {
  override readonly name = 'PriceFeedError';
}

// Below 1e10: the rate is stored in a numeric(18,8) column.
const rate = z.number().finite().positive().lt(1e10);
const decimalText = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/)
  .transform(Number);
const feedBodySchema = z.union([
  z.object({ solana: z.object({ usd: rate }) }).transform((b) => b.solana.usd),
  z.object({ usd: rate }).transform((b) => b.usd),
  z.object({ price: z.union([z.number(), decimalText]).pipe(rate) }).transform((b) => b.price),
]);

/** Longest we let a request wait for the feed before answering from the cache or the fallback. */
export const DEFAULT_FEED_TIMEOUT_MS = 3_000;
// A price is a few bytes; a feed answering megabytes is broken or hostile.
const MAX_BODY_BYTES = 64 * 1024;

export async function fetchUsdPerSol(url: string, timeoutMs = DEFAULT_FEED_TIMEOUT_MS): Promise<number> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const reason = (err as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'unreachable';
    throw new PriceFeedError(`Price feed ${reason}`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new PriceFeedError(`Price feed answered HTTP ${response.status}`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new PriceFeedError('Price feed body could not be read');
  }
  if (text.length > MAX_BODY_BYTES) throw new PriceFeedError('Price feed body is too large');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new PriceFeedError('Price feed body is not JSON');
  }
  const parsed = feedBodySchema.safeParse(body);
  if (!parsed.success) throw new PriceFeedError('Price feed body has no positive SOL/USD rate');
  return parsed.data;
}
