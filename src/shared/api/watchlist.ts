import { z } from 'zod';

/**
 * Watchlist API shapes: the marketplace star a signed-in wallet keeps across devices (docs/product-spec.md#marketplace;
 * the original spec made the star local, with a session we persist it in the `watchlist` table).
 */
export const watchlistParamsSchema = z.object({ addressId: z.uuid({ error: 'The listing id must be a UUID' }) });

export const watchlistSchema = z.object({
  addressIds: z.array(z.string()).describe('ids of the listings the signed-in wallet starred, newest first'),
});
export type Watchlist = z.infer<typeof watchlistSchema>;
