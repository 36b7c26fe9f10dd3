import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Queryable } from '../../db/database';
import { SESSION_TTL_SECONDS, sessionsRepository } from './sessions.repository';

/** What a route knows of the caller: `request.session`, or null without a valid session cookie. */
export interface SessionInfo {
  userId: string;
  walletAddress: string;
  isAdmin: boolean;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** 32 random bytes; only the SHA-256 is stored, so a database dump cannot be replayed as cookies. */
export function newSessionToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashSessionToken(token) };
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Behind https the cookie takes the `__Host-` prefix: browsers then insist on Secure, Path=/ and no Domain, so a
 * sibling subdomain cannot plant or overwrite it.
 */
export function sessionCookieName(publicOrigin: string): string {
  return isHttps(publicOrigin) ? '__Host-vv_session' : 'vv_session';
}

const isHttps = (origin: string) => origin.startsWith('https://');

export function setSessionCookie(reply: FastifyReply, publicOrigin: string, token: string): void {
  reply.setCookie(sessionCookieName(publicOrigin), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(publicOrigin),
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function clearSessionCookie(reply: FastifyReply, publicOrigin: string): void {
  reply.clearCookie(sessionCookieName(publicOrigin), {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(publicOrigin),
    path: '/',
  });
}

/**
 * The session behind a cookie value, extending its expiry when it was last used over a minute ago
 * (`refreshed`: the caller re-sends the cookie so the browser's expiry slides too).
 */
export async function resolveSession(
  db: Queryable,
  token: string,
): Promise<{ session: SessionInfo; refreshed: boolean } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await sessionsRepository.findActive(db, hashSessionToken(token));
  if (!row) return null;
  const refreshed = row.stale ? await sessionsRepository.touch(db, row.id) : false;
  return { session: { userId: row.userId, walletAddress: row.walletAddress, isAdmin: row.isAdmin }, refreshed };
}
