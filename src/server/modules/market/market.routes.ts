import { livePricesSchema, marketStatsSchema } from '@shared/api/market';
import { createPublicAnswers, publicAnswerOnSend } from '../../cache/public-answers';
import type { AppInstance } from '../../types';
import { getLivePrice } from './live-price.service';
import { readMarketStats } from './market-stats.service';
import { patternClassRoutes } from './pattern-class.routes';

/**
 * GET /api/market-stats and GET /api/prices/live (docs/product-spec.md#api-calls): public reads for the Home page and
 * price displays; GET /api/market/pattern-class, a pattern class's market reading.
 */
export async function marketRoutes(app: AppInstance): Promise<void> {
  // The same for every caller: kept MARKET_STATS_MAX_AGE_SECONDS here and offered to shared caches as long.
  const marketStats = createPublicAnswers(app.env.marketStatsMaxAgeMs);
  app.get(
    '/api/market-stats',
    {
      config: { access: 'public', callerIndependent: true },
      onSend: publicAnswerOnSend,
      schema: {
        tags: ['market'],
        summary: 'Home stat tiles: listings for sale, volume traded, active users, average price',
        response: { 200: marketStatsSchema },
      },
    },
    async (request, reply) => marketStats(request, reply, 'market-stats', () => readMarketStats(request.readDb)),
  );

  app.get(
    '/api/prices/live',
    {
      config: { access: 'public' },
      schema: {
        tags: ['market'],
        summary: 'SOL/USD: from the price feed, cached for 30 s; the fixed fallback rate when there is none',
        response: { 200: livePricesSchema },
      },
    },
    async (_request, reply) => {
      // The browser polls every 60 s; an intermediary must not serve it an older rate than the server has.
      reply.header('cache-control', 'no-cache');
      return { SOL: await getLivePrice(app.database.db, app.env) };
    },
  );

  await app.register(patternClassRoutes);
}
