import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignInMessageText, parseSignInMessageText } from '@solana/wallet-standard-util';
import type { ChallengeResponse, VerifyBody } from '@shared/api/auth';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import {
  newWallet,
  requestChallenge,
  sessionCookieFrom,
  signChallenge,
  signIn,
  type TestWallet,
} from '@tests/helpers/wallet';

let t: TestApp;
let alice: TestWallet;
let bob: TestWallet;

beforeAll(async () => {
  t = await createTestApp();
  alice = await newWallet();
  bob = await newWallet();
});
afterAll(() => t?.close());

const verify = (payload: VerifyBody, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify', payload, headers });
const session = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/session', headers: cookie ? { cookie } : {} });
const auditActions = async (wallet: string) =>
  (
    await t.database.query<{ action: string }>(
      'SELECT action FROM transaction_audit WHERE performed_by = $1 ORDER BY timestamp',
      [wallet],
    )
  ).map((r) => r.action);

/** A refused verify: 401 INVALID_SIGN_IN with the reason, and no session cookie. */
async function expectRefused(payload: VerifyBody, reason: RegExp) {
  const res = await verify(payload);
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ error: 'INVALID_SIGN_IN', message: expect.stringMatching(reason) });
  expect(sessionCookieFrom(res)).toBeUndefined();
  return res;
}

describe('challenge', () => {
  it('issues a Wallet Standard solana:signIn input and its exact text', async () => {
    const { input, message } = await requestChallenge(t.app, alice.walletAddress);
    expect(input).toMatchObject({
      domain: 'localhost:5000',
      uri: 'http://localhost:5000',
      address: alice.walletAddress,
      version: '1',
      chainId: 'solana:localnet',
    });
    expect(input.nonce).toMatch(/^[A-Za-z0-9]{16,}$/);
    const lifetime = Date.parse(input.expirationTime) - Date.parse(input.issuedAt);
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(10 * 60 * 1000);
    expect(message).toBe(createSignInMessageText(input));
    expect(parseSignInMessageText(message)).toMatchObject({
      domain: input.domain,
      address: alice.walletAddress,
      nonce: input.nonce,
    });
  });

  it('gives a new nonce every time', async () => {
    const a = await requestChallenge(t.app, alice.walletAddress);
    const b = await requestChallenge(t.app, alice.walletAddress);
    expect(a.input.nonce).not.toBe(b.input.nonce);
  });

  it('refuses an address that is not a Solana public key', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/challenge', payload: { address: '0xabc' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      message: expect.stringMatching(/base58 Solana address/),
    });
  });
});

describe('verify', () => {
  it('signs in with a real signature: session cookie, user row, audit row', async () => {
    const challenge = await requestChallenge(t.app, alice.walletAddress);
    const res = await verify(await signChallenge(challenge, alice.keys));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ walletAddress: alice.walletAddress, isAdmin: false });

    const cookie = res.cookies.find((c) => c.name === 'vv_session')!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 7 * 24 * 3600 });
    expect(cookie.secure).toBeFalsy();

    const me = await session(sessionCookieFrom(res));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ walletAddress: alice.walletAddress, isAdmin: false });

    const [user] = await t.database.query('SELECT is_admin FROM users WHERE wallet_address = $1', [
      alice.walletAddress,
    ]);
    expect(user).toEqual({ is_admin: false });
    // Only a hash is stored: the cookie value itself is nowhere in the table.
    const rows = await t.database.query<{ token_hash: string }>(
      'SELECT token_hash FROM sessions WHERE wallet_address = $1',
      [alice.walletAddress],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.token_hash)).not.toContain(cookie.value);
    expect(await auditActions(alice.walletAddress)).toContain('auth.sign_in');
  });

  it('accepts the same text signed with solana:signMessage (plain bytes of `message`)', async () => {
    const challenge = await requestChallenge(t.app, bob.walletAddress);
    // signMessage wallets sign the UTF-8 of the text the server returned; nothing else differs.
    const res = await verify(await signChallenge(challenge, bob.keys, challenge.message));
    expect(res.statusCode).toBe(200);
    expect(sessionCookieFrom(res)).toBeDefined();
  });

  it('refuses a reused nonce', async () => {
    const body = await signChallenge(await requestChallenge(t.app, alice.walletAddress), alice.keys);
    expect((await verify(body)).statusCode).toBe(200);
    await expectRefused(body, /already used/);
  });

  it('refuses an expired nonce', async () => {
    const challenge = await requestChallenge(t.app, alice.walletAddress);
    await t.database.query("UPDATE auth_nonces SET expires_at = now() - interval '1 second' WHERE nonce = $1", [
      challenge.input.nonce,
    ]);
    await expectRefused(await signChallenge(challenge, alice.keys), /expired/);
  });

  it('refuses a nonce the server never issued', async () => {
    const challenge = await requestChallenge(t.app, alice.walletAddress);
    const input = { ...challenge.input, nonce: 'NeverIssuedByServer0001' };
    const forged: ChallengeResponse = { input, message: createSignInMessageText(input) };
    await expectRefused(await signChallenge(forged, alice.keys), /not issued by this server/);
  });

  it('refuses a message for another domain', async () => {
    const challenge = await requestChallenge(t.app, alice.walletAddress);
    const input = { ...challenge.input, domain: 'evil.example', uri: 'https://evil.example' };
    const phished: ChallengeResponse = { input, message: createSignInMessageText(input) };
    await expectRefused(await signChallenge(phished, alice.keys), /for evil\.example, not localhost:5000/);
  });

  it('refuses a signature by another key', async () => {
    const challenge = await requestChallenge(t.app, alice.walletAddress);
    await expectRefused(await signChallenge(challenge, bob.keys), /not a valid signature by/);
  });

  it('refuses a tampered message, and a signature over a different text', async () => {
    const challenge = await requestChallenge(t.app, alice.walletAddress);
    const tampered = challenge.message.replace('Sign in to Vanity Vault', 'Sign in to Vanity Vau1t');
    await expectRefused(await signChallenge(challenge, alice.keys, tampered), /not the sign-in message/);

    const body = await signChallenge(challenge, alice.keys, tampered);
    body.signedMessage = Buffer.from(challenge.message).toString('base64');
    await expectRefused(body, /not a valid signature/);
  });

  it('refuses a wallet that does not match input.address', async () => {
    // Alice's challenge, claimed for Bob and signed by Bob: the nonce is bound to Alice.
    const challenge = await requestChallenge(t.app, alice.walletAddress);
    const input = { ...challenge.input, address: bob.walletAddress };
    await expectRefused(
      await signChallenge({ input, message: createSignInMessageText(input) }, bob.keys),
      /another wallet/,
    );
    // Bob's challenge signed by Alice's key.
    const bobs = await requestChallenge(t.app, bob.walletAddress);
    await expectRefused(await signChallenge(bobs, alice.keys), /not a valid signature by/);
  });

  it('refuses an altered input field and audits the failure', async () => {
    const challenge = await requestChallenge(t.app, alice.walletAddress);
    const input = { ...challenge.input, expirationTime: new Date(Date.now() + 86_400_000).toISOString() };
    await expectRefused(
      await signChallenge({ input, message: createSignInMessageText(input) }, alice.keys),
      /altered \(expirationTime\)/,
    );
    expect(await auditActions(alice.walletAddress)).toContain('auth.sign_in_failed');
  });

  it('refuses malformed bytes with VALIDATION_FAILED', async () => {
    const body = await signChallenge(await requestChallenge(t.app, alice.walletAddress), alice.keys);
    const res = await verify({ ...body, signature: 'not base64!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('VALIDATION_FAILED');
  });
});

describe('behind https', () => {
  let https: TestApp;
  // Its own app: PUBLIC_ORIGIN is read at start-up. Created in a hook, which has the longer timeout.
  beforeAll(async () => {
    https = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://vault.example' } });
  });
  afterAll(() => https?.close());

  it('marks the cookie Secure (and __Host-) and signs in for the https origin', async () => {
    const challenge = await requestChallenge(https.app, alice.walletAddress);
    expect(challenge.input).toMatchObject({ domain: 'vault.example', uri: 'https://vault.example' });
    const res = await https.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: await signChallenge(challenge, alice.keys),
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies[0]).toMatchObject({
      name: '__Host-vv_session',
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
  });
});

describe('session', () => {
  it('answers 401 SESSION_REQUIRED without a cookie, and with an unknown one', async () => {
    for (const cookie of [undefined, 'vv_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'vv_session=garbage']) {
      const res = await session(cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'SESSION_REQUIRED' });
    }
  });

  it('session-status answers 200 with null for nobody and the session for a signed-in wallet', async () => {
    const status = (cookie?: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/session-status', headers: cookie ? { cookie } : {} });
    for (const cookie of [undefined, 'vv_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await status(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toBeNull();
    }
    const s = await signIn(t.app, bob.keys);
    const res = await status(s.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ walletAddress: bob.walletAddress, isAdmin: false });
  });

  it('logs out: deletes the row, clears the cookie, audits', async () => {
    const s = await signIn(t.app, alice.keys);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: s.cookie, origin: t.env.publicOrigin },
    });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'vv_session')?.value).toBe('');
    expect((await session(s.cookie)).statusCode).toBe(401);
    expect(await auditActions(alice.walletAddress)).toContain('auth.sign_out');
    // Idempotent without a session.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
  });

  it('refuses an expired session', async () => {
    const s = await signIn(t.app);
    await t.database.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE wallet_address = $1", [
      s.walletAddress,
    ]);
    expect((await session(s.cookie)).statusCode).toBe(401);
  });

  it('slides the expiry at most once a minute and re-sends the cookie when it does', async () => {
    const s = await signIn(t.app);
    const expiry = async () =>
      (
        await t.database.query<{ e: string }>('SELECT expires_at::text AS e FROM sessions WHERE wallet_address = $1', [
          s.walletAddress,
        ])
      )[0]!.e;

    const first = await expiry();
    const fresh = await session(s.cookie);
    expect(fresh.statusCode).toBe(200);
    expect(sessionCookieFrom(fresh)).toBeUndefined(); // used within the minute: no write, no cookie
    expect(await expiry()).toBe(first);

    await t.database.query(
      "UPDATE sessions SET last_seen_at = now() - interval '2 minutes', expires_at = now() + interval '1 hour' WHERE wallet_address = $1",
      [s.walletAddress],
    );
    const stale = await session(s.cookie);
    expect(stale.statusCode).toBe(200);
    expect(sessionCookieFrom(stale)).toBe(s.cookie);
    const [row] = await t.database.query<{ days: number }>(
      'SELECT extract(epoch FROM expires_at - now()) / 86400 AS days FROM sessions WHERE wallet_address = $1',
      [s.walletAddress],
    );
    expect(Number(row!.days)).toBeGreaterThan(6.9);
  });

  it('a new sign-in from the same browser ends the previous session', async () => {
    const first = await signIn(t.app);
    const challenge = await requestChallenge(t.app, bob.walletAddress);
    const res = await verify(await signChallenge(challenge, bob.keys), { cookie: first.cookie });
    expect(res.statusCode).toBe(200);
    expect((await session(first.cookie)).statusCode).toBe(401);
    expect((await session(sessionCookieFrom(res))).json()).toMatchObject({ walletAddress: bob.walletAddress });
  });
});
