import { createServer } from 'node:net';

/**
 * How a child process runs one of our TypeScript entry points, as `npm start` and the npm scripts do: drizzle-orm's
 * modules resolved without Node's slow path (scripts/drizzle-resolve.mjs), then tsx. Relative to the repository root,
 * the child's working directory.
 */
export const RUN_TYPESCRIPT = ['--import', './scripts/drizzle-resolve.mjs', '--import', 'tsx'];

/** Asks the OS for a free loopback port, then releases it for a server process to take. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A free port whose next port is free too (a JSON-RPC port and its PubSub port, as LOCAL_RPC_PORT takes them). */
export async function freePortPair(): Promise<number> {
  for (;;) {
    const port = await freePort();
    const probe = createServer();
    const ok = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(port + 1, '127.0.0.1', () => resolve(true));
    });
    if (ok) {
      await new Promise((resolve) => probe.close(resolve));
      return port;
    }
  }
}

/** Polls `GET {url}/api/health` every 250 ms until it answers 2xx; throws after `timeoutMs`. */
export async function waitForHealth(url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no healthy server at ${url}`);
}
