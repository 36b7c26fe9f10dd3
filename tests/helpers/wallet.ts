import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generateKeyPair, getAddressFromPublicKey, signBytes } from '@solana/kit';
import type { ChallengeResponse, VerifyBody } from '@shared/api/auth';
import type { Database } from '@server/db/database';
import { usersRepository } from '@server/modules/users';

/**
 * Signing in from API tests, the way a wallet does it: a real Sign-In With Solana challenge from the app, signed
 * with a real ed25519 key, verified by the app.
 *
 *   const alice = await signIn(t.app);                      // a fresh wallet
 *   await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: alice.cookie } });
 *   const admin = await signInAsAdmin(t.app);               // same, with users.isAdmin set first
 *   const again = await signIn(t.app, alice.keys);          // the same wallet, a second session
 *
 * `keys` is a Web Crypto ed25519 key pair (@solana/kit): pass it to `createSignerFromKeyPair` to pay on chain.
 */
export interface SignedInWallet {
  /** The `Cookie` header value: `headers: { cookie }`. */
  cookie: string;
  walletAddress: string;
  keys: CryptoKeyPair;
}

export interface TestWallet {
  walletAddress: string;
  keys: CryptoKeyPair;
}

export async function newWallet(keys?: CryptoKeyPair): Promise<TestWallet> {
  const pair = keys ?? (await generateKeyPair());
  return { keys: pair, walletAddress: await getAddressFromPublicKey(pair.publicKey) };
}

/** POST /api/auth/challenge for a wallet; fails the test unless it answers 200. */
export async function requestChallenge(app: FastifyInstance, walletAddress: string): Promise<ChallengeResponse> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/challenge', payload: { address: walletAddress } });
  if (res.statusCode !== 200) throw new Error(`challenge failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The verify body for signing `message` (default: the challenge's own text) with `keys`. */
export async function signChallenge(
  challenge: ChallengeResponse,
  keys: CryptoKeyPair,
  message: string = challenge.message,
): Promise<VerifyBody> {
  const bytes = new TextEncoder().encode(message);
  const signature = await signBytes(keys.privateKey, bytes);
  return {
    input: challenge.input,
    signedMessage: Buffer.from(bytes).toString('base64'),
    signature: Buffer.from(signature).toString('base64'),
  };
}

/** The `name=value` of the session cookie a response sets, or undefined. */
export function sessionCookieFrom(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => /^(__Host-)?vv_session$/.test(c.name) && c.value !== '');
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

/** Signs in with a fresh wallet, or with `keys`. */
export async function signIn(app: FastifyInstance, keys?: CryptoKeyPair): Promise<SignedInWallet> {
  const wallet = await newWallet(keys);
  const challenge = await requestChallenge(app, wallet.walletAddress);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    payload: await signChallenge(challenge, wallet.keys),
  });
  const cookie = sessionCookieFrom(res);
  if (res.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { ...wallet, cookie };
}

/** Makes a wallet admin directly in the database (what ADMIN_WALLETS or `npm run admin -- grant` do). */
export async function makeAdmin(app: FastifyInstance, walletAddress: string): Promise<void> {
  await usersRepository.grantAdmin((app.database as Database).db, walletAddress);
}

/** Signs in as an admin wallet (fresh, or `keys`). */
export async function signInAsAdmin(app: FastifyInstance, keys?: CryptoKeyPair): Promise<SignedInWallet> {
  const wallet = await newWallet(keys);
  await makeAdmin(app, wallet.walletAddress);
  return signIn(app, wallet.keys);
}
