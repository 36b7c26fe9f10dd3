import { z } from 'zod';

/**
 * GET /api/addresses/{id}/activity: what happened to one listing, newest first ("Read the market"). The
 * same bytes for every caller: an event says what happened, when, at what price and, for a payment, its on-chain
 * signature (public on the chain already). Never who: no buyer, no purchase id, no failure text.
 */
export const activityParamsSchema = z.object({ id: z.uuid({ error: 'The listing id must be a UUID' }) });

export const ACTIVITY_KINDS = ['listed', 'repriced', 'reserved', 'released', 'sold', 'refund_due'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const activityEventSchema = z.object({
  kind: z
    .enum(ACTIVITY_KINDS)
    .describe(
      'listed; repriced by its seller; reserved by a buyer; released (a reservation ended unpaid or its payment was ' +
        'rejected); sold; refund_due (a late or rejected payment still reached the seller, who owes it back)',
    ),
  at: z.iso.datetime(),
  /** The price of the event: listed or repriced to, reserved or sold at. */
  price: z.string().describe('SOL (or ETH) as a decimal string'),
  /** The price before a repricing; null otherwise. */
  previousPrice: z.string().nullable(),
  currency: z.string(),
  /** The payment's signature, for sold and refund_due when the shop kept it; null otherwise. */
  signature: z.string().nullable(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

export const activitySchema = z.object({ events: z.array(activityEventSchema) });
export type Activity = z.infer<typeof activitySchema>;
