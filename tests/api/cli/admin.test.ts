import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '@server/cli/admin';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/db';
import { newWallet } from '@tests/helpers/wallet';

/** The admin command, run in-process against the configured database (embedded in DATA_DIR, or PostgreSQL). */

let dataDir: string;
let pg: TestDatabase | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vv-admin-cli-'));
  if (process.env.TEST_DB_DRIVER === 'postgres') pg = await createTestDatabase();
});
afterAll(async () => {
  await pg?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function admin(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(pg?.url ? { DATABASE_URL: pg.url } : {}) };
  const code = await runAdminCli(args, { env, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run admin', () => {
  it('grants, lists and revokes', async () => {
    const { walletAddress } = await newWallet();
    expect(await admin('grant', walletAddress)).toMatchObject({ code: 0, out: `${walletAddress} is now an admin.` });
    expect(await admin('grant', walletAddress)).toMatchObject({
      code: 0,
      out: expect.stringContaining('already an admin'),
    });
    expect((await admin('list')).out.split('\n')).toContain(walletAddress);
    expect(await admin('revoke', walletAddress)).toMatchObject({
      code: 0,
      out: `${walletAddress} is no longer an admin.`,
    });
    expect(await admin('revoke', walletAddress)).toMatchObject({
      code: 0,
      out: expect.stringContaining('was not an admin'),
    });
  }, 120_000);

  it('refuses bad arguments with usage and changes nothing', async () => {
    expect((await admin()).code).toBe(2);
    expect((await admin('grant')).err).toMatch(/Usage/);
    expect(await admin('grant', 'not-a-wallet')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/Not a Solana wallet/),
    });
    expect((await admin('promote', 'x')).code).toBe(2);
  });

  it.skipIf(process.env.TEST_DB_DRIVER === 'postgres')(
    'fails clearly while a server holds the embedded database (DATA_DIR lock)',
    async () => {
      // A live process other than this one "holds" the lock, as a running server would.
      await writeFile(path.join(dataDir, 'vanity-vault.lock'), String(process.ppid));
      try {
        const { walletAddress } = await newWallet();
        const res = await admin('grant', walletAddress);
        expect(res.code).toBe(1);
        expect(res.err).toMatch(/in use by another Vanity Vault process .*stop the server first/s);
      } finally {
        await rm(path.join(dataDir, 'vanity-vault.lock'), { force: true });
      }
    },
  );
});
