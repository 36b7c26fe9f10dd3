import path from 'node:path';
import { z } from 'zod';
import { solanaClusterSchema } from '@shared/api/config';
import { parseCrashPlan, type CrashPlan } from './crash-point';

/**
 * The one place `process.env` is read (DESIGN §2). Every variable is parsed here at start-up; a bad value stops
 * the process with a message that names each bad variable, rather than failing later in some request.
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

const base58Wallet = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 Solana address');

const rawEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  SOLANA_CLUSTER: solanaClusterSchema.default('local'),
  SOLANA_RPC_URLS: commaList
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'each entry must be an http(s) URL' })))
    .optional(),
  ADMIN_WALLETS: commaList.pipe(z.array(base58Wallet)).default([]),
  VAULT_MASTER_KEY: z.string().optional(),
  TREASURY_WALLET: base58Wallet.optional(),
  PRICE_FEED_URL: z.url({ protocol: /^https?$/ }).optional(),
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  DEMO_DATA: booleanString.optional(),
  TRUST_PROXY: booleanString.default(false),
  MARKET_STATS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  PUBLIC_LISTINGS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(60).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Test-only fault injection (see crash-point.ts): the process SIGKILLs itself at the named point. */
  FAULT_CRASH_AT: z
    .string()
    .transform((value, ctx): CrashPlan => {
      const plan = parseCrashPlan(value);
      if (typeof plan !== 'string') return plan;
      ctx.addIssue({ code: 'custom', message: plan });
      return z.NEVER;
    })
    .optional(),
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
  if (raw.FAULT_CRASH_AT && raw.SOLANA_CLUSTER === 'mainnet-beta') {
    problems.push('FAULT_CRASH_AT: test-only fault injection; refused when SOLANA_CLUSTER is mainnet-beta');
  }
  if (problems.length > 0) throw new EnvError(problems);

  const dataDir = path.resolve(raw.DATA_DIR);
  return {
    port: raw.PORT,
    host: raw.HOST,
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    cluster: raw.SOLANA_CLUSTER,
    isLocal,
    /** Server-side RPC endpoints in fallback order. Unset in local mode: the embedded validator is used. */
    rpcUrls:
      raw.SOLANA_RPC_URLS ?? (isLocal ? [] : PUBLIC_RPC_URLS[raw.SOLANA_CLUSTER as keyof typeof PUBLIC_RPC_URLS]),
    adminWallets: raw.ADMIN_WALLETS,
    vaultMasterKey: raw.VAULT_MASTER_KEY,
    treasuryWallet: raw.TREASURY_WALLET,
    priceFeedUrl: raw.PRICE_FEED_URL,
    publicOrigin: (raw.PUBLIC_ORIGIN ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
    demoData: raw.DEMO_DATA ?? isLocal,
    trustProxy: raw.TRUST_PROXY,
    /** How stale the Home stat tiles may be: four aggregates over every listing, too costly per request at scale. */
    marketStatsMaxAgeMs: raw.MARKET_STATS_MAX_AGE_SECONDS * 1000,
    /** How long a visitor without a session may be served the same search or featured page (see read.routes). */
    publicListingsMaxAgeMs: raw.PUBLIC_LISTINGS_MAX_AGE_SECONDS * 1000,
    logLevel: raw.LOG_LEVEL,
    /** Test-only: where this process kills itself (FAULT_CRASH_AT), armed by main.ts alone. */
    faultCrashAt: raw.FAULT_CRASH_AT,
  };
}
