import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, rm, rmdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_FULL_MESSAGE } from './db/availability';
import { publicKeyToAddress } from './modules/key-crypto';
import { freePort, RUN_TYPESCRIPT, waitForHealth } from '@tests/helpers/server-process';

/** The server as the shell line runs it (`$0` is this Node). */
const SERVER = `"$0" ${RUN_TYPESCRIPT.join(' ')} src/server/main.ts`;

/**
 * A read-only and a full DATA_DIR, on the real entry point in a child process (docs/reliability.md#faults-while-serving).
 *
 * Tests may run as root, where file modes stop nothing. So DATA_DIR is a tmpfs mounted for the server alone, in a
 * private mount namespace (`unshare -rm`): mounted read-only, the kernel refuses every write (EROFS) whoever asks;
 * mounted small, writes run out of space (ENOSPC) for real. The mount is invisible outside the child and vanishes
 * with it. The test reaches inside through /proc/<pid>/root to fill and free the disk while the server runs.
 * Where namespaces or tmpfs mounts are not allowed (some CI containers), these tests are skipped with the reason;
 * the error mapping itself is unit-tested in db/data-dir-error.test.ts and db/availability.test.ts.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let dataDir: string;

/** Why a private tmpfs cannot be mounted here, or undefined when it can. */
function mountUnavailable(): string | undefined {
  const probeDir = path.join(os.tmpdir(), `vv-mount-probe-${process.pid}`);
  spawnSync('mkdir', ['-p', probeDir]);
  const probe = spawnSync('unshare', ['-rm', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs "$0"', probeDir], {
    encoding: 'utf8',
  });
  spawnSync('rmdir', [probeDir]);
  if (probe.error) return `unshare is not available (${probe.error.message})`;
  return probe.status === 0
    ? undefined
    : `no private tmpfs mount here: ${probe.stderr.trim() || `status ${probe.status}`}`;
}
const skipReason = mountUnavailable();

/**
 * `script` in sh, in a private mount namespace: `$0` is node, `$1` DATA_DIR, then `args`. The environment is only what
 * the server needs, DATA_DIR and `env`.
 */
function spawnInOwnMounts(script: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn('unshare', ['-rm', 'sh', '-c', script, process.execPath, dataDir, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', DEMO_DATA: 'false', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The real server with DATA_DIR on a private tmpfs mounted with `mountOptions` (e.g. `ro`, `size=256k`). */
function startOnTmpfs(mountOptions: string, env: Record<string, string> = {}): ChildProcess {
  const script = `mount -t tmpfs -o "$2" tmpfs "$1" && exec ${SERVER}`;
  return spawnInOwnMounts(script, [mountOptions], { LOCAL_RPC_PORT: '0', ...env });
}

function outputOf(child: ChildProcess): { text: () => string; exit: Promise<number | null> } {
  let text = '';
  child.stdout?.on('data', (chunk) => (text += String(chunk)));
  child.stderr?.on('data', (chunk) => (text += String(chunk)));
  // 'close', not 'exit': it comes after the child's output has all been read, so `text()` is complete by then.
  return { text: () => text, exit: new Promise((resolve) => child.on('close', (code) => resolve(code))) };
}

/** Writes zeros into `file` until the file system says it is full. */
async function fillDisk(file: string): Promise<void> {
  const handle = await open(file, 'w');
  const chunk = Buffer.alloc(1024 * 1024);
  try {
    for (;;) {
      const { bytesWritten } = await handle.write(chunk);
      if (bytesWritten < chunk.length) break;
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    await handle.close();
  }
}

/** A sign-in challenge for a fresh wallet: the server writes a nonce row and a rate-limit counter for it. */
const challenge = (url: string) =>
  fetch(`${url}/api/auth/challenge`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address: publicKeyToAddress(new Uint8Array(randomBytes(32))) }),
  });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vv-datadir-'));
});
afterAll(async () => {
  await rmdir(dataDir).catch(() => rm(dataDir, { recursive: true, force: true }));
});

describe.skipIf(skipReason !== undefined)(`DATA_DIR faults${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it('a read-only DATA_DIR stops the start with a message naming DATA_DIR and the cause', async () => {
    const out = outputOf(startOnTmpfs('ro,size=1m,mode=0700', { PORT: String(await freePort()), HOST: '127.0.0.1' }));
    expect(await out.exit).toBe(1);
    expect(out.text()).toContain(`DATA_DIR ${dataDir} cannot be used: the file system is read-only (EROFS`);
    expect(out.text()).toContain('Point DATA_DIR at a writable folder.');
    expect(out.text()).not.toMatch(/\n\s+at /); // a message, not a stack trace
  }, 60_000);

  it('a full disk at the first start stops it with a message naming DATA_DIR and the cause; with space, the next start works', async () => {
    const port = await freePort();
    // The same DATA_DIR twice: first on a disk too small for the embedded database, then grown (remount).
    const script = [
      'mount -t tmpfs -o size=256k,mode=0700 tmpfs "$1" || exit 99',
      `${SERVER}; echo "first start exited with $?"`,
      `mount -o remount,size=96m "$1" && exec ${SERVER}`,
    ].join('\n');
    const child = spawnInOwnMounts(script, [], { PORT: String(port), HOST: '127.0.0.1' });
    const out = outputOf(child);
    try {
      await waitForHealth(`http://127.0.0.1:${port}`);
      expect(out.text()).toContain(`DATA_DIR ${dataDir} cannot be used: the disk is full (ENOSPC`);
      expect(out.text()).toContain('Free some space on that disk');
      expect(out.text()).toContain('first start exited with 1');
    } finally {
      child.kill('SIGTERM');
      await out.exit;
    }
  }, 120_000);

  it('a disk that fills up while serving: writes answer 503, reads go on, and it recovers once space is freed', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = startOnTmpfs('size=96m,mode=0700', { PORT: String(port), HOST: '127.0.0.1' });
    const out = outputOf(child);
    try {
      await waitForHealth(url);
      expect((await challenge(url)).status).toBe(200);

      // The child's mount namespace, seen from here: its DATA_DIR is the small tmpfs.
      const filler = path.join(`/proc/${child.pid}/root`, dataDir, 'filler');
      await fillDisk(filler);

      // Rows still fit in the tables' last pages for a while; the first write that needs a new page fails.
      // (At most 100 tries: the challenge route allows 120 a minute per IP.)
      const answers: { status: number; body: unknown }[] = [];
      while (answers.length < 100 && !answers.some((a) => a.status !== 200)) {
        const res = await challenge(url);
        answers.push({ status: res.status, body: await res.json() });
      }
      const refused = answers.filter((a) => a.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      for (const a of answers) expect([200, 503]).toContain(a.status);
      for (const a of refused) expect(a.body).toEqual({ error: 'SERVICE_UNAVAILABLE', message: STORAGE_FULL_MESSAGE });
      // The operator's log line: written with the 503, read from the child's stdout pipe a moment later.
      await expect.poll(() => out.text(), { timeout: 10_000 }).toContain('no space left to write (disk full)');
      expect((await fetch(`${url}/api/addresses/featured`)).status).toBe(200);

      await rm(filler);
      for (let i = 0; i < 3; i++) expect((await challenge(url)).status).toBe(200);
      expect(child.exitCode).toBeNull(); // no restart was needed
    } finally {
      child.kill('SIGTERM');
      await out.exit;
    }
  }, 120_000);
});
