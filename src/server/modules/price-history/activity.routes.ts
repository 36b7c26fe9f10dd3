import { activityParamsSchema, activitySchema } from '@shared/api/activity';
import { ErrorCode, apiErrorSchema } from '@shared/api/errors';
import { createPublicAnswers, publicAnswerOnSend } from '../../cache/public-answers';
import { notFound } from '../../http/app-error';
import type { AppInstance } from '../../types';
import { activityOf } from './activity';
import { activityRepository } from './activity.repository';

/**
 * GET /api/addresses/{id}/activity (public): the address page's activity list. The same bytes for every caller,
 * so kept and offered to shared caches as long as the marketplace's other public reads (README, "How fresh the
 * marketplace is"): a sale shows here within that time, like the listing's own SOLD.
 */
export async function activityRoutes(app: AppInstance): Promise<void> {
  const answers = createPublicAnswers(app.env.publicListingsMaxAgeMs);
  app.get(
    '/api/addresses/:id/activity',
    {
      config: { access: 'public', callerIndependent: true },
      onSend: publicAnswerOnSend,
      schema: {
        tags: ['listings'],
        summary: "A listing's activity, newest first: listed, repriced, reserved, released, sold, refund due",
        params: activityParamsSchema,
        response: { 200: activitySchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const db = request.readDb;
      return answers(request, reply, `activity ${id}`, async () => {
        const listing = await activityRepository.listing(db, id);
        if (!listing) throw notFound(ErrorCode.LISTING_NOT_FOUND, 'Address not found');
        const [prices, purchases] = await Promise.all([
          activityRepository.priceEvents(db, id),
          activityRepository.purchases(db, id),
        ]);
        return { events: activityOf(listing, prices, purchases) };
      });
    },
  );
}
