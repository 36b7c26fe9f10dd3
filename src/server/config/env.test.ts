import { describe, expect, it } from 'vitest';
import { envProblemsOf } from '@tests/helpers/env-problems';
import { loadEnv } from './env';

// Any text passes here: the key's format is checked where it is loaded (attestation-key.ts).
const ATTESTATION = JSON.stringify(Array.from({ length: 32 }, () => 1));

describe('loadEnv', () => {
  it('gives a fresh machine local mode on port 5000 with the embedded database', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ port: 5000, host: '0.0.0.0', cluster: 'local', isLocal: true, demoData: true });
    expect(env.databaseUrl).toBeUndefined();
    expect(env.publicOrigin).toBe('http://localhost:5000');
    expect(env.rpcUrls).toEqual([]);
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/db' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['SOLANA_CLUSTER', { SOLANA_CLUSTER: 'moonnet' }],
    ['SOLANA_RPC_URLS', { SOLANA_RPC_URLS: 'http://ok.example,ftp://bad.example' }],
    ['ADMIN_WALLETS', { ADMIN_WALLETS: 'not-base58-0OIl' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['DATABASE_READ_URLS', { DATABASE_URL: 'postgres://db/x', DATABASE_READ_URLS: 'postgres://r1/x,http://r2/x' }],
    ['READ_REPLICA_MAX_LAG_SECONDS', { READ_REPLICA_MAX_LAG_SECONDS: '-1' }],
  ])('names %s when its value is invalid', (name, env) => {
    const problems = envProblemsOf(env);
    expect(problems.some((p) => p.startsWith(`${name}`))).toBe(true);
  });

  it('reads the replicas of DATABASE_URL, and refuses them without it', () => {
    const env = loadEnv({ DATABASE_URL: 'postgres://db/x', DATABASE_READ_URLS: ' postgres://r1/x , postgres://r2/x ' });
    expect(env.databaseReadUrls).toEqual(['postgres://r1/x', 'postgres://r2/x']);
    expect(env.readReplicaMaxLagMs).toBe(5_000);
    expect(loadEnv({}).databaseReadUrls).toEqual([]);
    expect(envProblemsOf({ DATABASE_READ_URLS: 'postgres://r1/x' })).toEqual([
      'DATABASE_READ_URLS: read replicas need DATABASE_URL (the embedded database has none)',
    ]);
  });

  it('names every bad variable at once', () => {
    const problems = envProblemsOf({ PORT: '-1', SOLANA_CLUSTER: 'x' });
    expect(problems.map((p) => p.split(':')[0])).toEqual(expect.arrayContaining(['PORT', 'SOLANA_CLUSTER']));
  });

  it('requires VAULT_MASTER_KEY and ATTESTATION_KEY outside local mode', () => {
    expect(envProblemsOf({ SOLANA_CLUSTER: 'devnet' })).toEqual([
      'VAULT_MASTER_KEY: required when SOLANA_CLUSTER is devnet',
      'ATTESTATION_KEY: required when SOLANA_CLUSTER is devnet',
    ]);
  });

  it('uses the public endpoints of a cluster unless SOLANA_RPC_URLS is set', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    expect(loadEnv({ SOLANA_CLUSTER: 'devnet', VAULT_MASTER_KEY: key, ATTESTATION_KEY: ATTESTATION }).rpcUrls).toEqual([
      'https://api.devnet.solana.com',
    ]);
    expect(
      loadEnv({
        SOLANA_CLUSTER: 'mainnet-beta',
        VAULT_MASTER_KEY: key,
        ATTESTATION_KEY: ATTESTATION,
        SOLANA_RPC_URLS: 'https://a.example, https://b.example',
      }).rpcUrls,
    ).toEqual(['https://a.example', 'https://b.example']);
  });

  it('allows VERIFY_QUORUM up to the number of RPC endpoints, and defaults it to 1', () => {
    const two = 'http://a.example,http://b.example';
    expect(loadEnv({}).verifyQuorum).toBe(1);
    expect(loadEnv({ SOLANA_RPC_URLS: two, VERIFY_QUORUM: '2' }).verifyQuorum).toBe(2);
    expect(envProblemsOf({ SOLANA_RPC_URLS: two, VERIFY_QUORUM: '3' })).toEqual([
      'VERIFY_QUORUM: 3 endpoints must agree, but only 2 RPC endpoints are configured (SOLANA_RPC_URLS)',
    ]);
    // Local mode's embedded validator is one endpoint.
    expect(envProblemsOf({ VERIFY_QUORUM: '2' })).toEqual([
      'VERIFY_QUORUM: 2 endpoints must agree, but only 1 RPC endpoint is configured (SOLANA_RPC_URLS)',
    ]);
    for (const bad of ['0', '1.5', 'two']) {
      expect(envProblemsOf({ SOLANA_RPC_URLS: two, VERIFY_QUORUM: bad })[0]).toMatch(/^VERIFY_QUORUM: /);
    }
  });

  it('treats empty strings as unset and parses lists and booleans', () => {
    const env = loadEnv({ PORT: '', DEMO_DATA: 'false', ADMIN_WALLETS: '11111111111111111111111111111111, ' });
    expect(env.port).toBe(5000);
    expect(env.demoData).toBe(false);
    expect(env.adminWallets).toEqual(['11111111111111111111111111111111']);
  });
});
