import { apiErrorSchema } from '@shared/api/errors';
import { marketReadingSchema, patternClassQuerySchema } from '@shared/api/market-reading';
import { createPublicAnswers, publicAnswerOnSend } from '../../cache/public-answers';
import type { AppInstance } from '../../types';
import { readPatternClass } from './pattern-class.service';

/**
 * GET /api/market/pattern-class: floor, best bid, last sale and 30 days of sales of one pattern
 * class, for the marketplace and the address page. The same bytes for every caller, so kept and offered to shared
 * caches as long as the listing reads it sits beside (PUBLIC_LISTINGS_MAX_AGE_SECONDS): its floor is a listing
 * read, and should not say a listing is for sale longer than the listing's own page would.
 */
export async function patternClassRoutes(app: AppInstance): Promise<void> {
  const answers = createPublicAnswers(app.env.publicListingsMaxAgeMs);
  app.get(
    '/api/market/pattern-class',
    {
      config: { access: 'public', callerIndependent: true },
      onSend: publicAnswerOnSend,
      schema: {
        tags: ['market'],
        summary: "A pattern class's market reading: floor, best bid, last sale, 30-day daily median sale price",
        querystring: patternClassQuerySchema,
        response: { 200: marketReadingSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const c = request.query;
      // At most 44 × 3 × 2 keys: the parsed class names everything the answer depends on (the day moves with time).
      const key = `pattern-class ${c.length} ${c.position} ${c.caseSensitive}`;
      return answers(request, reply, key, () => readPatternClass(request.readDb, c));
    },
  );
}
