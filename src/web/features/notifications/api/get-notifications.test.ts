import { QueryClient, QueryObserver, environmentManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationsQueryOptions } from './get-notifications';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Runs the bell's query for 35 s of fake time and counts how often it asked. */
async function asksIn35Seconds(respond: () => Response): Promise<number> {
  const fetchMock = vi.fn(async () => respond());
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const observer = new QueryObserver(client, notificationsQueryOptions('wallet'));
  const unsubscribe = observer.subscribe(() => {});
  await vi.advanceTimersByTimeAsync(35_000);
  unsubscribe();
  client.clear();
  return fetchMock.mock.calls.length;
}

describe("the bell's polling", () => {
  // TanStack Query schedules no interval where there is no `window` (it takes that for a server): act as a browser.
  beforeEach(() => {
    environmentManager.setIsServer(() => false);
    vi.useFakeTimers();
  });
  afterEach(() => {
    environmentManager.setIsServer(() => typeof window === 'undefined');
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks every 10 s while signed in, and once only after the server says the session ended (401)', async () => {
    expect(await asksIn35Seconds(() => answer(200, { notifications: [], unread: 0 }))).toBe(4);
    expect(
      await asksIn35Seconds(() => answer(401, { error: 'UNAUTHORIZED', message: 'Sign in with your wallet first' })),
    ).toBe(1);
  });

  it('keeps asking after a server error: that one may pass', async () => {
    expect(await asksIn35Seconds(() => answer(500, { error: 'INTERNAL_ERROR', message: 'Internal error' }))).toBe(4);
  });
});
