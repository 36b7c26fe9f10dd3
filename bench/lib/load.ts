import autocannon from 'autocannon';

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** A GET path, or a request with a method, body and headers (POST /api/addresses/validate in the mix). */
export type LoadRequest =
  string | { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> };

const pct = (sorted: number[], q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN;

/**
 * `connections` keep-alive connections against `paths` (requests taken in turn) for `seconds`. Latency percentiles come
 * from every response's own time (autocannon's summary has no p95). Bounded by time (no `amount`: it would override `duration`).
 */
export function drive(
  origin: string,
  paths: readonly LoadRequest[],
  seconds: number,
  connections = 32,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: seconds,
        timeout: seconds, // a response that arrives within the run counts
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => {
              const r = paths[next++ % paths.length]!;
              if (typeof r === 'string') return { ...req, path: r };
              return { ...req, ...r, headers: { ...req.headers, ...r.headers } };
            },
          },
        ],
      },
      (err, result) => {
        if (err) return reject(err);
        latencies.sort((a, b) => a - b);
        resolve({
          requests: result.requests.total,
          rps: result.requests.total / (result.duration || seconds),
          p50: pct(latencies, 0.5),
          p95: pct(latencies, 0.95),
          p99: pct(latencies, 0.99),
          max: latencies[latencies.length - 1] ?? NaN,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/** The columns every report shows for a load run, requests/s to errors. */
export const LOAD_COLUMNS = ['requests/s', 'p50', 'p95', 'p99', 'max', 'requests', 'non-2xx', 'errors (timeouts)'];

/** One run's cells under LOAD_COLUMNS. Each report keeps its own precision and its own text for "no answer". */
export function loadCells(r: LoadResult, rpsDigits: number, ms: (n: number) => string): (string | number)[] {
  return [
    r.rps.toFixed(rpsDigits),
    ms(r.p50),
    ms(r.p95),
    ms(r.p99),
    ms(r.max),
    r.requests.toLocaleString('en'),
    r.non2xx,
    `${r.errors} (${r.timeouts})`,
  ];
}
