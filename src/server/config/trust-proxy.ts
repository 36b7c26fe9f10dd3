import { isIP } from 'node:net';

/**
 * TRUST_PROXY. `true` used to hand Fastify `trustProxy: true`, which trusts every
 * X-Forwarded-For hop: a client could name any IP it liked (rate limits, audit rows). Now it takes what Fastify's
 * `trustProxy` can bound: a hop count, or the proxies' own addresses/CIDRs (proxy-addr also knows `loopback`,
 * `linklocal` and `uniquelocal`). `true` is kept for old configurations as "1 hop", with a warning.
 */
export type TrustProxy = false | number | string[];

export interface ParsedTrustProxy {
  trustProxy: TrustProxy;
  warning?: string;
}

const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (NAMED.has(entry)) return true;
  const [ip, prefix, extra] = entry.split('/');
  if (extra !== undefined || !ip) return false;
  const family = isIP(ip);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The setting, or a problem naming what is accepted. */
export function parseTrustProxy(raw: string | undefined): ParsedTrustProxy | string {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || ['false', '0', 'no'].includes(value)) return { trustProxy: false };
  if (['true', 'yes'].includes(value)) {
    return {
      trustProxy: 1,
      warning:
        'TRUST_PROXY=true is read as 1 hop: only the address your proxy appends to X-Forwarded-For is trusted. ' +
        'Set TRUST_PROXY to the number of proxies in front of the server, or to their addresses/CIDRs.',
    };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? { trustProxy: hops } : 'a hop count must be from 1 to 10';
  }
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (entries.length === 0 || bad.length > 0) {
    return `must be false, a hop count (1–10) or a comma list of proxy IP addresses/CIDRs; not ${bad.join(', ') || 'empty'}`;
  }
  return { trustProxy: entries };
}

/**
 * What Fastify is given. A hop count becomes proxy-addr's own rule "trust the n nearest hops" as a function:
 * Fastify 5 now turns a bare number into "trust nothing", since a count cannot tell a proxy from a client that
 * connects directly. So a count is only right where the port is reachable through the proxies alone; otherwise
 * list the proxies' addresses.
 */
export function fastifyTrustProxy(tp: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof tp === 'number' ? (_address, hop) => hop < tp : tp;
}
