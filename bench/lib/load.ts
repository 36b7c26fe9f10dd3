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

const pct = (sorted: number[], q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN;

/**
 * `connections` keep-alive connections against `paths` (taken in turn) for `seconds`. Latency percentiles come
 * from every response's own time (autocannon's summary has no p95). Bounded by time (no `amount`: it would override `duration`).
 */
export function drive(
  origin: string,
  paths: readonly string[],
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
            setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }),
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
