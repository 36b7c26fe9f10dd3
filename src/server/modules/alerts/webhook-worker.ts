import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@server/db/database';
import { AppError } from '../../http/app-error';
import { deliveriesRepository, type DeliveryOutcome, type DueDelivery } from './deliveries.repository';
import { postSigned, signatureOf, WEBHOOK_TIMEOUT_MS, type PostResult } from './webhook-post';
import { checkWebhookUrl, type WebhookGuard } from './webhook-url';

/** After this many attempts a delivery is `failed`; backoff 30 s, 1 min, 2 min … about an hour in all. */
export const MAX_DELIVERY_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
const BATCH = 20;
/** Longer than one send (timeout plus the lookup): a claimed row is not claimed again while it is being sent. */
const LEASE_MS = 4 * WEBHOOK_TIMEOUT_MS;

export interface DeliveryDeps {
  db: Db;
  guard: WebhookGuard;
  log: FastifyBaseLogger;
}

export interface DeliveryPass {
  delivered: number;
  retried: number;
  failed: number;
}

/** The delay before attempt `attempts + 1`, after `attempts` failed ones. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

/** The JSON a receiver gets: the notification as the bell shows it. */
function payloadOf(d: DueDelivery): string {
  const n = d.notification;
  return JSON.stringify({
    id: n.id.toString(),
    kind: n.kind,
    message: n.message,
    data: n.data,
    createdAt: n.createdAt.toISOString(),
  });
}

async function attempt(deps: DeliveryDeps, d: DueDelivery): Promise<PostResult> {
  if (d.secret === null || d.hookUrl !== d.url) return { error: 'webhook removed' };
  // Checked again now, not trusted from registration: the name may resolve elsewhere today (DNS rebinding).
  let target;
  try {
    target = await checkWebhookUrl(d.url, deps.guard);
  } catch (err) {
    if (err instanceof AppError) return { error: err.message };
    throw err;
  }
  const body = payloadOf(d);
  return postSigned(target, body, {
    'x-vanityvault-signature': signatureOf(d.secret, body),
    'x-vanityvault-timestamp': Math.floor(Date.now() / 1000).toString(),
  });
}

function outcomeOf(d: DueDelivery, result: PostResult, now: Date): DeliveryOutcome {
  const statusCode = 'statusCode' in result ? result.statusCode : null;
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return { kind: 'delivered', statusCode };
  const error = 'error' in result ? result.error : `answered HTTP ${statusCode}`;
  const attempts = d.attempts + 1;
  if (attempts >= MAX_DELIVERY_ATTEMPTS || error === 'webhook removed') return { kind: 'failed', statusCode, error };
  return { kind: 'retry', statusCode, error, nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) };
}

/**
 * One pass of the webhook queue: claims the deliveries due at `now` and sends them, each signed with its wallet's
 * secret. The secret is used here and nowhere logged or stored with the attempt.
 */
export async function deliverDue(deps: DeliveryDeps, now = new Date()): Promise<DeliveryPass> {
  const pass: DeliveryPass = { delivered: 0, retried: 0, failed: 0 };
  const due = await deliveriesRepository.claimDue(deps.db, now, new Date(now.getTime() + LEASE_MS), BATCH);
  await Promise.all(
    due.map(async (d) => {
      const outcome = outcomeOf(d, await attempt(deps, d), now);
      await deliveriesRepository.record(deps.db, d.id, outcome, new Date());
      if (outcome.kind === 'delivered') pass.delivered += 1;
      else if (outcome.kind === 'retry') pass.retried += 1;
      else {
        pass.failed += 1;
        deps.log.info({ deliveryId: d.id.toString(), error: outcome.error }, 'webhook delivery failed for good');
      }
    }),
  );
  return pass;
}
