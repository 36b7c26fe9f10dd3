import { PRICE_STALE_AFTER_MS, type LivePrice } from '@shared/api/market';
import { FALLBACK_USD_PER_SOL_LISTING } from '@shared/format/usd';
import type { Queryable } from '../../db/database';
import { DEFAULT_FEED_TIMEOUT_MS, fetchUsdPerSol, PriceFeedError } from './price-feed';
import { priceCacheRepository, type CachedRate } from './price-cache.repository';

/**
 * SOL/USD for display (docs/domain.md#configuration, docs/product-spec.md#constants-and-limits "stale after 30 s"). The
 * rate lives in `price_cache`, so every instance shares it; the feed is asked only when that row is older than 30 s.
 * Per process, at most one refresh runs at a time (concurrent callers share it) and a failed refresh is not retried for
 * 30 s, so a dead feed costs one timeout per 30 s, not one per request. Several instances may each refresh: harmless,
 * last write wins.
 */

export interface PriceFeedConfig {
  priceFeedUrl?: string | undefined;
}

export interface LivePriceOptions {
  now?: Date;
  timeoutMs?: number;
}

const CURRENCY = 'SOL';
/** After the feed fails, a stored rate younger than this is still better than the fixed fallback. */
export const LAST_KNOWN_MAX_AGE_MS = 60 * 60 * 1000;
const RETRY_AFTER_FAILURE_MS = PRICE_STALE_AFTER_MS;

// Keyed by the database handle: tests run many apps (each with its own database) in one process.
const inFlight = new WeakMap<object, Promise<CachedRate>>();
const lastFailureAt = new WeakMap<object, number>();

export const fallbackPrice = (): LivePrice => ({
  usd: FALLBACK_USD_PER_SOL_LISTING,
  lastUpdated: null,
  source: 'fallback',
  stale: true,
});

const fromCache = (rate: CachedRate, stale: boolean): LivePrice => ({
  usd: rate.usd,
  lastUpdated: rate.lastUpdated.toISOString(),
  source: 'cache',
  stale,
});

const ageMs = (rate: CachedRate, now: Date) => now.getTime() - rate.lastUpdated.getTime();

/** One feed request and cache write per database handle at a time; callers arriving meanwhile share it. */
function refreshOnce(db: Queryable, url: string, opts: LivePriceOptions): Promise<CachedRate> {
  const running = inFlight.get(db);
  if (running) return running;
  const refresh = (async () => {
    try {
      const usd = await fetchUsdPerSol(url, opts.timeoutMs ?? DEFAULT_FEED_TIMEOUT_MS);
      const rate = { usd, lastUpdated: opts.now ?? new Date() };
      await priceCacheRepository.put(db, CURRENCY, rate.usd, rate.lastUpdated);
      lastFailureAt.delete(db);
      return rate;
    } catch (err) {
      if (err instanceof PriceFeedError) lastFailureAt.set(db, (opts.now ?? new Date()).getTime());
      throw err;
    } finally {
      inFlight.delete(db);
    }
  })();
  inFlight.set(db, refresh);
  return refresh;
}

function mayAskFeed(db: Queryable, config: PriceFeedConfig, now: Date): config is { priceFeedUrl: string } {
  if (!config.priceFeedUrl) return false;
  const failed = lastFailureAt.get(db);
  return failed === undefined || now.getTime() - failed >= RETRY_AFTER_FAILURE_MS;
}

/**
 * The rate GET /api/prices/live answers: the cached rate while fresh; else a refresh from the feed (waited
 * for, bounded by the timeout); if the feed fails, the last stored rate when under an hour old (stale: true),
 * else the spec's fallback 197 (source 'fallback'). With no PRICE_FEED_URL, always the fallback.
 */
export async function getLivePrice(
  db: Queryable,
  config: PriceFeedConfig,
  opts: LivePriceOptions = {},
): Promise<LivePrice> {
  if (!config.priceFeedUrl) return fallbackPrice();
  const now = opts.now ?? new Date();
  const cached = await priceCacheRepository.get(db, CURRENCY);
  if (cached && ageMs(cached, now) < PRICE_STALE_AFTER_MS) return fromCache(cached, false);
  if (mayAskFeed(db, config, now)) {
    try {
      const rate = await refreshOnce(db, config.priceFeedUrl, { ...opts, now });
      return { usd: rate.usd, lastUpdated: rate.lastUpdated.toISOString(), source: 'feed', stale: false };
    } catch (err) {
      if (!(err instanceof PriceFeedError)) throw err;
    }
  }
  if (cached && ageMs(cached, now) < LAST_KNOWN_MAX_AGE_MS) return fromCache(cached, true);
  return fallbackPrice();
}

/**
 * USD per SOL for listing and transaction views: never waits for the feed. A stale rate starts a refresh in
 * the background and the caller gets the best rate known now (last stored rate under an hour old, else 197).
 */
export async function getUsdPerSol(
  db: Queryable,
  config: PriceFeedConfig,
  /** Registers the background refresh, so shutdown waits for it before closing the database. */
  background: <T>(work: Promise<T>) => Promise<T> = (work) => work,
): Promise<number> {
  if (!config.priceFeedUrl) return FALLBACK_USD_PER_SOL_LISTING;
  const now = new Date();
  const cached = await priceCacheRepository.get(db, CURRENCY);
  if (cached && ageMs(cached, now) < PRICE_STALE_AFTER_MS) return cached.usd;
  if (mayAskFeed(db, config, now)) {
    // Errors are remembered in lastFailureAt; a closed database during shutdown is not worth a log line.
    background(refreshOnce(db, config.priceFeedUrl, { now })).catch(() => {});
  }
  return cached && ageMs(cached, now) < LAST_KNOWN_MAX_AGE_MS ? cached.usd : FALLBACK_USD_PER_SOL_LISTING;
}
