import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { errorResponses } from '@server/http/error-responses';
import { webhookCreatedSchema, webhookInputSchema, webhookSchema, type WebhookDelivery } from '@shared/api/alerts';
import type { AppInstance } from '../../types';
import { sessionOf } from './session';
import { checkWebhookUrl, type WebhookGuard } from './webhook-url';
import { webhooksRepository, type DeliveryRow } from './webhooks.repository';

const MINUTE = 60_000;
const LOG_SIZE = 20;
const config = { access: 'session' } as const;

const deliveryView = (d: DeliveryRow): WebhookDelivery => ({
  id: d.id.toString(),
  notificationId: d.notificationId.toString(),
  status: d.status,
  attempts: d.attempts,
  lastStatusCode: d.lastStatusCode,
  lastError: d.lastError,
  nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
  createdAt: d.createdAt.toISOString(),
});

/** GET, PUT and DELETE /api/webhook: where the signed-in wallet's notifications are also POSTed, signed. */
export async function webhookRoutes(app: AppInstance, opts: { guard: WebhookGuard }): Promise<void> {
  const db = () => app.database.db;

  app.get(
    '/api/webhook',
    {
      config,
      schema: {
        tags: ['alerts'],
        summary: `The wallet's webhook url and its last ${LOG_SIZE} deliveries, newest first (never the secret)`,
        response: { 200: webhookSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { walletAddress } = sessionOf(request);
      const [hook, deliveries] = await Promise.all([
        webhooksRepository.get(db(), walletAddress),
        webhooksRepository.deliveries(db(), walletAddress, LOG_SIZE),
      ]);
      return { url: hook?.url ?? null, deliveries: deliveries.map(deliveryView) };
    },
  );

  app.put(
    '/api/webhook',
    {
      // Each call resolves a name the caller chose: limited, so the server is not a DNS probe.
      config: { ...config, rateLimit: { max: 10, timeWindow: MINUTE, keyBy: 'wallet' } },
      schema: {
        tags: ['alerts'],
        summary:
          'Set or replace the webhook: a public http(s) url (private, loopback and link-local addresses are refused, ' +
          'by name and by what it resolves to). Answers a fresh signing secret, shown only this once',
        body: webhookInputSchema,
        response: { 200: webhookCreatedSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { walletAddress } = sessionOf(request);
      const { url } = await checkWebhookUrl(request.body.url, opts.guard);
      const secret = randomBytes(32).toString('hex');
      await db().transaction((tx) => webhooksRepository.put(tx, walletAddress, url.href, secret));
      return { url: url.href, secret };
    },
  );

  app.delete(
    '/api/webhook',
    {
      config,
      schema: {
        tags: ['alerts'],
        summary: 'Remove the webhook (idempotent); deliveries still pending fail',
        response: { 204: z.null(), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const { walletAddress } = sessionOf(request);
      await db().transaction((tx) => webhooksRepository.remove(tx, walletAddress));
      return reply.code(204).send(null);
    },
  );
}
