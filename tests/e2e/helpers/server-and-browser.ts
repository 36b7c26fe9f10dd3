import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { newKeypair, type TestKeypair } from '@tests/helpers/keypair';
import { startAppServer, type AppServer } from './app-server';
import { launchBrowser } from './browser';
import { signIn, type ApiSession } from './trade-fixtures';

/**
 * File-level fixtures for the browser journeys: each registers its own beforeAll/afterAll in the calling file and
 * returns a context whose fields are readable once that beforeAll has run.
 */

export interface ServerAndBrowser {
  readonly server: AppServer;
  readonly browser: Browser;
}

function setInBeforeAll<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`${name} is set in beforeAll: read it inside a test or a hook`);
  return value;
}

/** The real app server (with `env` on top of the defaults) and a Chromium, started side by side. */
export function useServerAndBrowser(env?: Record<string, string>): ServerAndBrowser {
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // Each is kept as soon as it is up, so afterAll stops the server even when the browser fails to start.
    await Promise.all([
      startAppServer(env ? { env } : {}).then((s) => (server = s)),
      launchBrowser().then((b) => (browser = b)),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  // A journey that fails on something the server did (a slow query, a refused payment) shows what the server said.
  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      const lines = server?.problems() ?? [];
      if (lines.length > 0) console.log(`--- the app server's latest warnings and errors ---\n${lines.join('\n')}`);
    });
  });
  return {
    get server() {
      return setInBeforeAll(server, 'server');
    },
    get browser() {
      return setInBeforeAll(browser, 'browser');
    },
  };
}

export interface ShopWithAdmin extends ServerAndBrowser {
  /** A wallet in ADMIN_WALLETS: it may list, as the shop's seller does. */
  readonly admin: TestKeypair;
  /** That wallet signed in over the API, for setting up listings and purchases without the UI. */
  readonly adminApi: ApiSession;
}

export function useShopWithAdmin(env: Record<string, string> = {}): ShopWithAdmin {
  const admin = newKeypair();
  const base = useServerAndBrowser({ ADMIN_WALLETS: admin.address, ...env });
  let adminApi: ApiSession | undefined;
  beforeAll(async () => {
    adminApi = await signIn(base.server.url, admin);
  });
  return {
    get server() {
      return base.server;
    },
    get browser() {
      return base.browser;
    },
    admin,
    get adminApi() {
      return setInBeforeAll(adminApi, 'adminApi');
    },
  };
}
