import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ShopStats } from '@shared/api/shop';
import { PURCHASE_STATUSES } from '@shared/domain-values';

/**
 * The Prometheus metrics of one app instance (prom-client, its own Registry rather than the global one, so two apps
 * in one process, as in tests, never share counts). Request latency is observed as each request ends; the shop's
 * numbers are read from the database at scrape time (`update`), so a scrape sees what every instance wrote.
 */
export function createMetrics() {
  const registry = new Registry();
  // Node's own: memory, CPU, GC, and the event-loop delay (monitorEventLoopDelay: nodejs_eventloop_lag_*_seconds).
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'vv_http_request_duration_seconds',
    help: 'HTTP request latency, by route pattern (not the URL, which would make a series per listing)',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const purchases = new Gauge({
    name: 'vv_purchases',
    help: 'Purchases by state',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  // Refunds only ever grow (ledger rows are never deleted): counters, mirroring the ledger's totals at each scrape.
  const refunds = mirroredCounter(registry, 'vv_refunds_total', 'Refunds settlement made: refund legs landed on chain');
  const refundedLamports = mirroredCounter(
    registry,
    'vv_refunded_lamports_total',
    'Lamports those refunds sent back to the wallets that paid',
  );
  const openReservations = new Gauge({
    name: 'vv_open_reservations',
    help: 'Open purchases holding a listing',
    registers: [registry],
  });
  const salesToday = new Gauge({
    name: 'vv_sales_today',
    help: 'Sales completed since 00:00 UTC',
    registers: [registry],
  });
  const grindQueue = new Gauge({
    name: 'vv_grind_queue_length',
    help: 'Custom orders queued or grinding',
    registers: [registry],
  });
  const grindRate = new Gauge({
    name: 'vv_grind_rate_keys_per_second',
    help: 'Keys per second over the orders grinding now',
    registers: [registry],
  });
  const rpcErrors = mirroredCounter(registry, 'vv_rpc_errors_total', 'Server-side RPC calls that failed');

  return {
    /** For tests, which compare the rendered text with the registry's own JSON (getMetricsAsJSON). */
    registry,
    contentType: registry.contentType,
    observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
      requestDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    /** Sets the shop's gauges from a fresh read, then renders the text exposition format. */
    async render(stats: ShopStats): Promise<string> {
      for (const state of PURCHASE_STATUSES) purchases.set({ state }, stats.purchasesByState[state]);
      refunds.catchUp(stats.refunds);
      // A float in Prometheus whatever we do; exact up to 2^53 lamports (about 9 million SOL).
      refundedLamports.catchUp(Number(stats.refundedLamports));
      openReservations.set(stats.openReservations);
      salesToday.set(stats.today.sales);
      grindQueue.set(stats.grindQueue);
      grindRate.set(stats.grindRate);
      rpcErrors.catchUp(stats.rpcErrors);
      return registry.metrics();
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** A counter of a running total kept elsewhere (the database, the chain context): it adds what it has not counted. */
function mirroredCounter(registry: Registry, name: string, help: string) {
  const counter = new Counter({ name, help, registers: [registry] });
  let counted = 0;
  return {
    catchUp(total: number): void {
      if (total <= counted) return;
      counter.inc(total - counted);
      counted = total;
    },
  };
}
