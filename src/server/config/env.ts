import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { solanaClusterSchema } from '@shared/api/config';
import { isSolanaAddress } from '@shared/keys/base58';
import { parseCrashPlan } from './crash-point';
import { parseTrustProxy } from './trust-proxy';

/**
 * The one place `process.env` is read (docs/domain.md#configuration). Every variable is parsed here at start-up; a bad
 * value stops the process with a message that names each bad variable, rather than failing later in some request.
 */

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const commaList = z.string().transform((s) =>
  s
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
);

/** A zod transform from a parser that answers its value, or a string saying what is wrong with the input. */
const parsedBy =
  <In, Out extends object>(parse: (value: In) => Out | string) =>
  (value: In, ctx: z.RefinementCtx<In>): Out => {
    const parsed = parse(value);
    if (typeof parsed !== 'string') return parsed;
    ctx.addIssue({ code: 'custom', message: parsed });
    return z.NEVER;
  };

const base58Wallet = z.string().refine(isSolanaAddress, 'must be a base58 Solana address');

const rawEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  /** Streaming replicas of DATABASE_URL for caller-independent reads (docs/decisions/0019-read-replicas.md). */
  DATABASE_READ_URLS: commaList
    .pipe(
      z.array(z.url({ protocol: /^postgres(ql)?$/, error: 'each entry must be a postgres:// or postgresql:// URL' })),
    )
    .default([]),
  READ_REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  SOLANA_CLUSTER: solanaClusterSchema.default('local'),
  SOLANA_RPC_URLS: commaList
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'each entry must be an http(s) URL' })))
    .optional(),
  ADMIN_WALLETS: commaList.pipe(z.array(base58Wallet)).default([]),
  VAULT_MASTER_KEY: z.string().optional(),
  /**
   * The shop's ed25519 receipt-signing key (docs/domain.md#receipts): base58 or a JSON byte array, 64-byte secret or
   * 32-byte seed.
   */
  ATTESTATION_KEY: z.string().optional(),
  TREASURY_WALLET: base58Wallet.optional(),
  PRICE_FEED_URL: z.url({ protocol: /^https?$/ }).optional(),
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  DEMO_DATA: booleanString.optional(),
  TRUST_PROXY: z.string().optional().transform(parsedBy(parseTrustProxy)),
  MARKET_STATS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  PUBLIC_LISTINGS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(60).default(1),
  LISTING_TOTALS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  REVEAL_COMMITMENT: z.enum(['confirmed', 'finalized']).optional(),
  VERIFY_QUORUM: z.coerce.number().int().min(1).max(16).default(1),
  MAX_OPEN_RESERVATIONS: z.coerce.number().int().min(1).max(100).default(2),
  RESERVATION_COOLDOWN_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
  /** Local mode: also serve JSON-RPC on 127.0.0.1:LOCAL_RPC_PORT and PubSub on the next port (0 = off). */
  LOCAL_RPC_PORT: z.coerce.number().int().min(0).max(65534).default(8899),
  /** Local mode: slots (400 ms each) after landing at which the embedded validator reports a payment finalized. */
  LOCAL_FINALITY_SLOTS: z.coerce.number().int().min(1).max(150).default(2),
  SHOP_WALLET: base58Wallet.optional(),
  GRIND_WORKERS: z.coerce.number().int().min(0).max(256).optional(),
  ORDER_MAX_EXPECTED_ATTEMPTS: z.coerce.number().positive().max(1e15).optional(),
  ORDER_QUEUE_MAX: z.coerce.number().int().min(1).max(100_000).default(50),
  ORDER_MAX_PER_WALLET: z.coerce.number().int().min(1).max(100).default(2),
  ORDER_MAX_PER_IP: z.coerce.number().int().min(1).max(10_000).default(4),
  ORDER_LEASE_SECONDS: z.coerce.number().min(1).max(600).default(15),
  /** GET /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`; unset, the route answers 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (it guards the metrics)').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Test-only fault injection (see crash-point.ts): the process SIGKILLs itself at the named point. */
  FAULT_CRASH_AT: z.string().transform(parsedBy(parseCrashPlan)).optional(),
});

const PUBLIC_RPC_URLS: Record<Exclude<z.infer<typeof solanaClusterSchema>, 'local'>, string[]> = {
  devnet: ['https://api.devnet.solana.com'],
  testnet: ['https://api.testnet.solana.com'],
  'mainnet-beta': ['https://api.mainnet-beta.solana.com'],
};

export type Env = ReturnType<typeof loadEnv>;

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env) {
  // Empty strings count as unset: `FOO= npm start` should mean "default", not "invalid".
  const defined = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = rawEnvSchema.safeParse(defined);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`));
  }
  const raw = parsed.data;
  const isLocal = raw.SOLANA_CLUSTER === 'local';
  const problems: string[] = [];
  if (!isLocal && !raw.VAULT_MASTER_KEY) {
    problems.push(`VAULT_MASTER_KEY: required when SOLANA_CLUSTER is ${raw.SOLANA_CLUSTER}`);
  }
  if (!isLocal && !raw.ATTESTATION_KEY) {
    problems.push(`ATTESTATION_KEY: required when SOLANA_CLUSTER is ${raw.SOLANA_CLUSTER}`);
  }
  if (raw.FAULT_CRASH_AT && raw.SOLANA_CLUSTER === 'mainnet-beta') {
    problems.push('FAULT_CRASH_AT: test-only fault injection; refused when SOLANA_CLUSTER is mainnet-beta');
  }
  const rpcUrls =
    raw.SOLANA_RPC_URLS ?? (isLocal ? [] : PUBLIC_RPC_URLS[raw.SOLANA_CLUSTER as keyof typeof PUBLIC_RPC_URLS]);
  // Local mode without SOLANA_RPC_URLS has one endpoint: the embedded validator.
  const endpoints = Math.max(1, rpcUrls.length);
  if (raw.VERIFY_QUORUM > endpoints) {
    problems.push(
      `VERIFY_QUORUM: ${raw.VERIFY_QUORUM} endpoints must agree, but only ${endpoints} RPC endpoint${endpoints === 1 ? ' is' : 's are'} configured (SOLANA_RPC_URLS)`,
    );
  }
  if (raw.DATABASE_READ_URLS.length > 0 && !raw.DATABASE_URL) {
    problems.push('DATABASE_READ_URLS: read replicas need DATABASE_URL (the embedded database has none)');
  }
  if (problems.length > 0) throw new EnvError(problems);

  const dataDir = path.resolve(raw.DATA_DIR);
  const publicOrigin = (raw.PUBLIC_ORIGIN ?? `http://localhost:${raw.PORT}`).replace(/\/$/, '');
  return {
    port: raw.PORT,
    host: raw.HOST,
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    /** Streaming replicas that serve caller-independent reads while they keep up (db/read-replicas.ts). */
    databaseReadUrls: raw.DATABASE_READ_URLS,
    /** A replica whose replay lag exceeds this is skipped until it catches up. */
    readReplicaMaxLagMs: raw.READ_REPLICA_MAX_LAG_SECONDS * 1000,
    cluster: raw.SOLANA_CLUSTER,
    isLocal,
    /** Server-side RPC endpoints in fallback order. Unset in local mode: the embedded validator is used. */
    rpcUrls,
    adminWallets: raw.ADMIN_WALLETS,
    vaultMasterKey: raw.VAULT_MASTER_KEY,
    attestationKey: raw.ATTESTATION_KEY,
    treasuryWallet: raw.TREASURY_WALLET,
    priceFeedUrl: raw.PRICE_FEED_URL,
    publicOrigin,
    /**
     * The origins a browser may sign in and change data from (the server printed 127.0.0.1, sign-in only
     * worked from localhost). Local mode: PUBLIC_ORIGIN and this machine's loopback names on PORT; otherwise
     * PUBLIC_ORIGIN alone.
     */
    allowedOrigins: isLocal
      ? [...new Set([publicOrigin, ...['localhost', '127.0.0.1', '[::1]'].map((h) => `http://${h}:${raw.PORT}`)])]
      : [publicOrigin],
    demoData: raw.DEMO_DATA ?? isLocal,
    /** Which X-Forwarded-For hops name the client: none, a hop count, or the proxies' addresses (trust-proxy.ts). */
    trustProxy: raw.TRUST_PROXY.trustProxy,
    /** Said once at start-up when TRUST_PROXY=true was read as one hop. */
    trustProxyWarning: raw.TRUST_PROXY.warning,
    /** How stale the Home stat tiles may be: four aggregates over every listing, too costly per request at scale. */
    marketStatsMaxAgeMs: raw.MARKET_STATS_MAX_AGE_SECONDS * 1000,
    /** How long a visitor without a session may be served the same search or featured page (see read.routes). */
    publicListingsMaxAgeMs: raw.PUBLIC_LISTINGS_MAX_AGE_SECONDS * 1000,
    /** How long a search total past its cap ("1,000+") is reused by every caller (kept-totals.ts). */
    listingTotalsMaxAgeMs: raw.LISTING_TOTALS_MAX_AGE_SECONDS * 1000,
    logLevel: raw.LOG_LEVEL,
    /** The bearer token of GET /metrics; unset = no metrics endpoint. */
    metricsToken: raw.METRICS_TOKEN,
    /**
     * Anti-squatting (docs/domain.md#reservation-limits): open purchases per wallet, and the wait before re-reserving a
     * lapsed listing.
     */
    /**
     * The payment commitment at which a bought key unlocks (docs/domain.md#payment-finality): finalized by default on
     * mainnet-beta.
     */
    revealCommitment: raw.REVEAL_COMMITMENT ?? (raw.SOLANA_CLUSTER === 'mainnet-beta' ? 'finalized' : 'confirmed'),
    /** How many SOLANA_RPC_URLS endpoints must agree on a payment before it is verified. */
    verifyQuorum: raw.VERIFY_QUORUM,
    maxOpenReservations: raw.MAX_OPEN_RESERVATIONS,
    reservationCooldownMs: raw.RESERVATION_COOLDOWN_MINUTES * 60_000,
    /** solana-test-validator's ports: JSON-RPC here, PubSub on the next one; 0 switches both off. */
    localRpcPort: raw.LOCAL_RPC_PORT,
    /** The embedded validator's finality delay in slots: more shows the "Finalizing…" step for longer. */
    localFinalitySlots: raw.LOCAL_FINALITY_SLOTS,
    /**
     * Custom-pattern orders (docs/domain.md#custom-orders): the admin wallet that lists found keys; local mode with
     * demo data: the demo admin. Otherwise unset refuses orders (503 ORDERS_UNAVAILABLE).
     */
    shopWallet: raw.SHOP_WALLET,
    /** Grinder threads of this instance; 0 = take no orders here. Default: one fewer than the cores, at least 1. */
    grindWorkers: raw.GRIND_WORKERS ?? Math.max(1, availableParallelism() - 1),
    /** The hardest order accepted; unset = what one worker finds in 30 minutes at the measured rate. */
    orderMaxExpectedAttempts: raw.ORDER_MAX_EXPECTED_ATTEMPTS,
    /** Orders waiting or grinding, shop-wide, before new ones are refused with "the grinder is busy". */
    orderQueueMax: raw.ORDER_QUEUE_MAX,
    /** Orders one wallet may have queued or grinding at once; its later ones wait behind every wallet's earlier. */
    orderMaxPerWallet: raw.ORDER_MAX_PER_WALLET,
    /** Orders queued or grinding that one client address may have placed, across wallets. */
    orderMaxPerIp: raw.ORDER_MAX_PER_IP,
    /** How long a grinding instance holds an order without a heartbeat before another takes it over. */
    orderLeaseMs: raw.ORDER_LEASE_SECONDS * 1000,
    /** Test-only: where this process kills itself (FAULT_CRASH_AT), armed by main.ts alone. */
    faultCrashAt: raw.FAULT_CRASH_AT,
  };
}
