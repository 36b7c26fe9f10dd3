import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengeResponse } from '@shared/api/auth';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { newWallet, sessionCookieFrom, signChallenge, signIn, type TestWallet } from '@tests/helpers/wallet';
import { unreachableDevnetEnv } from '@tests/helpers/unreachable-cluster';

/*
 * The server printed http://127.0.0.1:PORT, but sign-in only worked from http://localhost:PORT. In
 * local mode a browser signs in from localhost, 127.0.0.1 or PUBLIC_ORIGIN; the sign-in message names the page it
 * came from. Off local mode only PUBLIC_ORIGIN may, and the refusal names the origin to open. Make-me-admin exists in
 * local mode only.
 */
const PUBLIC = 'http://vault.test:5000';

async function signInFrom(t: TestApp, origin: string, wallet?: TestWallet) {
  const who = wallet ?? (await newWallet());
  const challengeRes = await t.app.inject({
    method: 'POST',
    url: '/api/auth/challenge',
    headers: { origin },
    payload: { address: who.walletAddress },
  });
  if (challengeRes.statusCode !== 200) return { challengeRes, verifyRes: undefined, who };
  const challenge = challengeRes.json<ChallengeResponse>();
  const verifyRes = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    headers: { origin },
    payload: await signChallenge(challenge, who.keys),
  });
  return { challengeRes, challenge, verifyRes, who };
}

describe('local mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_ORIGIN: PUBLIC, PORT: '5000' } });
  });
  afterAll(() => t?.close());

  it.each(['http://127.0.0.1:5000', 'http://localhost:5000', PUBLIC])(
    'signs in from %s, with a message for that page',
    async (origin) => {
      const { challenge, verifyRes } = await signInFrom(t, origin);
      expect(challenge?.input.domain).toBe(new URL(origin).host);
      expect(challenge?.input.uri).toBe(origin);
      expect(challenge?.message.startsWith(`${new URL(origin).host} wants you to sign in`)).toBe(true);
      expect(verifyRes?.statusCode).toBe(200);
      expect(sessionCookieFrom(verifyRes!)).toBeDefined();
    },
  );

  it('still names PUBLIC_ORIGIN for a caller without an Origin (curl, scripts)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/challenge',
      payload: { address: (await newWallet()).walletAddress },
    });
    expect(res.json().input.domain).toBe('vault.test:5000');
  });

  it('refuses a message fetched from one origin and sent back from another', async () => {
    const who = await newWallet();
    const challenge = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/challenge',
        headers: { origin: 'http://127.0.0.1:5000' },
        payload: { address: who.walletAddress },
      })
    ).json<ChallengeResponse>();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      headers: { origin: 'http://localhost:5000' },
      payload: await signChallenge(challenge, who.keys),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('The sign-in message is for 127.0.0.1:5000, not localhost:5000.');
  });

  it.each(['http://127.0.0.1:5001', 'https://evil.example', 'http://192.168.1.2:5000'])(
    'refuses any other origin (%s), naming the one to open',
    async (origin) => {
      const { challengeRes } = await signInFrom(t, origin);
      expect(challengeRes.statusCode).toBe(403);
      expect(challengeRes.json()).toEqual({
        error: 'ORIGIN_MISMATCH',
        message: `This server only accepts changes from ${PUBLIC}, not from ${origin}. Open ${PUBLIC} and try again.`,
      });
    },
  );

  it('makes the signed-in wallet an admin on request (POST /api/dev/make-me-admin)', async () => {
    const member = await signIn(t.app);
    const before = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: member.cookie } });
    expect(before.json().isAdmin).toBe(false);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/make-me-admin',
      headers: { cookie: member.cookie, origin: 'http://127.0.0.1:5000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ walletAddress: member.walletAddress, isAdmin: true });
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: member.cookie } });
    expect(after.json().isAdmin).toBe(true);
  });

  it('make-me-admin needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/make-me-admin' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('SESSION_REQUIRED');
  });
});

describe('off local mode (devnet)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      // No RPC is needed here, and none is reached.
      env: {
        ...unreachableDevnetEnv(),
        PUBLIC_ORIGIN: 'https://vault.example',
        PORT: '5000',
      },
    });
  });
  afterAll(() => t?.close());

  it.each(['http://127.0.0.1:5000', 'http://localhost:5000'])(
    'refuses sign-in from %s with a message naming PUBLIC_ORIGIN',
    async (origin) => {
      const { challengeRes } = await signInFrom(t, origin);
      expect(challengeRes.statusCode).toBe(403);
      expect(challengeRes.json()).toEqual({
        error: 'ORIGIN_MISMATCH',
        message: `This server only accepts changes from https://vault.example, not from ${origin}. Open https://vault.example and try again.`,
      });
    },
  );

  it('signs in from PUBLIC_ORIGIN', async () => {
    const { challenge, verifyRes } = await signInFrom(t, 'https://vault.example');
    expect(challenge?.input.domain).toBe('vault.example');
    expect(verifyRes?.statusCode).toBe(200);
  });

  it('has no make-me-admin: the route does not exist, and nobody became admin', async () => {
    const member = await signIn(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/make-me-admin',
      headers: { cookie: member.cookie, origin: 'https://vault.example' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('ROUTE_NOT_FOUND');
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: member.cookie } });
    expect(session.json().isAdmin).toBe(false);
  });
});
