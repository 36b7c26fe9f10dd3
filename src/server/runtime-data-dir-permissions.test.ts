import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from './config/env';
import { createServerRuntime } from './runtime';

/**
 * DATA_DIR is the server's alone, on the real start-up path (embedded PGlite, local chain, generated master.key): after start-up
 * nothing in DATA_DIR is reachable by group or others, and a DATA_DIR or master.key that was opened up is refused.
 * Modes are checked, not access: these tests may run as root, for whom modes stop nothing.
 */
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'vv-modes-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const envFor = (dataDir: string) =>
  loadEnv({ DATA_DIR: dataDir, SOLANA_CLUSTER: 'local', DEMO_DATA: 'false', LOG_LEVEL: 'silent', PORT: '0' });
const start = async (dataDir: string) => (await createServerRuntime(envFor(dataDir), { logger: false })).close();

async function openToOthers(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isSymbolicLink()) continue;
    const full = path.join(entry.parentPath, entry.name);
    if ((await stat(full)).mode & 0o077) found.push(path.relative(dir, full));
  }
  return found;
}

describe('DATA_DIR permissions', () => {
  const dataDir = () => path.join(root, 'data');

  it('is created 0700 and holds only owner-only files after start-up', async () => {
    const runtime = await createServerRuntime(envFor(dataDir()), { logger: false });
    // Checked while it runs: files written later (the chain state on close) are covered by main.ts's umask 077.
    const open = await openToOthers(dataDir()).finally(() => runtime.close());
    expect(open).toEqual([]);
    expect((await stat(dataDir())).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dataDir(), 'master.key'))).mode & 0o777).toBe(0o600);
    expect((await readdir(dataDir(), { recursive: true })).length).toBeGreaterThan(10); // PGlite's files are there
  }, 60_000);

  it('refuses to start when DATA_DIR is group or other readable, and says how to fix it', async () => {
    await chmod(dataDir(), 0o755);
    await expect(start(dataDir())).rejects.toThrow(
      /Refusing to start: .*data is accessible by group or other users \(mode 755\)/,
    );
    await chmod(dataDir(), 0o700);
  }, 60_000);

  it('refuses to start when master.key is group or other readable', async () => {
    const keyFile = path.join(dataDir(), 'master.key');
    await chmod(keyFile, 0o644);
    await expect(start(dataDir())).rejects.toThrow(/master\.key is accessible by group or other users/);
    await chmod(keyFile, 0o600);
    await start(dataDir()); // put right, it starts again
  }, 60_000);
});
