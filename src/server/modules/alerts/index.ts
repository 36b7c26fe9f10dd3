import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { AppInstance } from '../../types';
import { isPublicAddress } from './ip-ranges';
import { notificationsRoutes } from './notifications.routes';
import { watchesRoutes } from './watches.routes';
import { webhookRoutes } from './webhook.routes';
import { defaultLookup, type WebhookGuard } from './webhook-url';
import { deliverDue, type DeliveryPass } from './webhook-worker';

export { notify, type NotificationInput } from './notify';
export { notifyWatchers } from './notify-watchers';
export { MAX_DELIVERY_ATTEMPTS } from './webhook-worker';
export type { LookupAll } from './webhook-url';

export interface AlertsRuntime {
  /** One pass of the webhook queue at `now` (the worker runs it every 5 s once the server listens). */
  deliverDue(now?: Date): Promise<DeliveryPass>;
}

declare module 'fastify' {
  interface FastifyInstance {
    alerts: AlertsRuntime;
  }
}

export interface AlertsOptions {
  /**
   * Tests only: a resolver that stays offline, and an allow rule that lets a receiving server on 127.0.0.1 through.
   * Production passes nothing, and gets the system resolver and public addresses only.
   */
  webhookGuard?: Partial<WebhookGuard>;
}

const DELIVER_MS = 5_000;

/**
 * Alerts: the bell, pattern watches and webhooks, and the worker that delivers webhooks. The worker
 * starts when the server listens; apps that only `inject` (tests) call `app.alerts.deliverDue()` themselves.
 */
export const alertsPlugin = fp(
  async (app: FastifyInstance, opts: AlertsOptions) => {
    const guard: WebhookGuard = {
      lookup: opts.webhookGuard?.lookup ?? defaultLookup,
      allows: opts.webhookGuard?.allows ?? isPublicAddress,
    };
    const runtime: AlertsRuntime = {
      deliverDue: (now) => deliverDue({ db: app.database.db, guard, log: app.log }, now),
    };
    app.decorate('alerts', runtime);
    await app.register(async (scope) => {
      const routes = scope as AppInstance;
      await notificationsRoutes(routes);
      await watchesRoutes(routes);
      await webhookRoutes(routes, { guard });
    });

    let timer: NodeJS.Timeout | undefined;
    // One pass at a time: a slow endpoint must not stack passes.
    let running: Promise<unknown> | null = null;
    const passOnce = () => (running ??= runtime.deliverDue().finally(() => (running = null)));
    app.addHook('onListen', async () => {
      timer = setInterval(
        // Tracked: a pass running when shutdown begins finishes before the database closes.
        () => void app.inFlight.track(passOnce()).catch((err: unknown) => app.log.warn({ err }, 'webhook deliveries')),
        DELIVER_MS,
      );
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    });
  },
  { name: 'vv-alerts' },
);
