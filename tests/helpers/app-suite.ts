import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { createAdmin } from './factories';
import type { SignedInWallet } from './wallet';

/** The whole app on its own database for the calling file (or describe block), and a seller signed in as admin. */
export interface AppWithAdmin {
  readonly t: TestApp;
  readonly admin: SignedInWallet;
}

export function useAppWithAdmin(): AppWithAdmin {
  let t: TestApp | undefined;
  let admin: SignedInWallet | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
  });
  afterAll(() => t?.close());
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} is set in beforeAll: read it inside a test or a hook`);
    return value;
  };
  return {
    get t() {
      return ready(t, 't');
    },
    get admin() {
      return ready(admin, 'admin');
    },
  };
}
