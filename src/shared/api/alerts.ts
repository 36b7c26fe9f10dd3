import { z } from 'zod';
import { PATTERN_POSITIONS, WEBHOOK_DELIVERY_STATUSES } from '../domain-values';

/**
 * Alerts: the bell's read marks, pattern watches and the wallet's webhook. The bell's own list is
 * `notificationListSchema` in bids.ts; a watch's input is `patternFieldsSchema` there.
 */

/** How many watches one wallet may keep: each new listing is looked up against every watch class. */
export const MAX_WATCHES_PER_WALLET = 50;

/**
 * POST /api/notifications/read: the given notifications, or all of the wallet's when `ids` is left out (`{}`, or no
 * body at all).
 */
export const markReadSchema = z.object({
  ids: z
    .array(z.string().regex(/^[1-9][0-9]{0,18}$/, 'ids must be notification ids'), { error: 'ids must be a list' })
    .max(200, 'ids must list at most 200 notifications')
    .optional(),
});
export type MarkReadBody = z.input<typeof markReadSchema>;
export const markReadResultSchema = z.object({
  marked: z.number().int().describe('notifications this call marked read'),
  unread: z.number().int(),
});

export const watchSchema = z.object({
  id: z.string(),
  pattern: z.string(),
  position: z.enum(PATTERN_POSITIONS),
  caseSensitive: z.boolean(),
  createdAt: z.string(),
});
export type Watch = z.infer<typeof watchSchema>;
export const watchListSchema = z.object({
  watches: z.array(watchSchema).describe('newest first'),
  limit: z.number().int().describe('the most watches a wallet may keep'),
});
export type WatchList = z.infer<typeof watchListSchema>;
export const watchParamsSchema = z.object({ id: z.uuid({ error: 'The watch id must be a UUID' }) });

export const WEBHOOK_URL_MESSAGE = 'url must be a public http(s) address';

/** PUT /api/webhook. The SSRF checks (public addresses only) run on the server, against DNS too. */
export const webhookInputSchema = z.object({
  url: z
    .string({ error: WEBHOOK_URL_MESSAGE })
    .trim()
    .min(1, WEBHOOK_URL_MESSAGE)
    .max(2048, 'url must be at most 2048 characters'),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;

/** What PUT answers, once: the signing secret is never shown again. */
export const webhookCreatedSchema = z.object({
  url: z.string(),
  secret: z
    .string()
    .describe('HMAC-SHA256 key: X-VanityVault-Signature is sha256=<hex HMAC of the raw body>. Shown only now.'),
});
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  notificationId: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable().describe('while pending'),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** GET /api/webhook: the url (null when none is set) and the last deliveries, newest first; never the secret. */
export const webhookSchema = z.object({
  url: z.string().nullable(),
  deliveries: z.array(webhookDeliverySchema),
});
export type Webhook = z.infer<typeof webhookSchema>;
