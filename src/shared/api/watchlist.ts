import { z } from 'zod';

/**
 * Watchlist API shapes: the marketplace star a signed-in wallet keeps across devices (spec §2 marks the star as
 * local; with a session we persist it, the spec's `watchlist` table).
 */
export const watchlistParamsSchema = z.object({ addressId: z.uuid({ error: 'The listing id must be a UUID' }) });

export const watchlistSchema = z.object({
  addressIds: z.array(z.string()).describe('ids of the listings the signed-in wallet starred, newest first'),
});
export type Watchlist = z.infer<typeof watchlistSchema>;
