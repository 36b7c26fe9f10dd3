import type { FastifyReply } from 'fastify';

/**
 * The HTTP half of a session: the caller's identity as routes see it and the cookie that carries it. It lives here,
 * not in modules/auth, so the request guard reads sessions without importing a module: auth imports http, never
 * the reverse.
 */

/** What a route knows of the caller: `request.session`, or null without a valid session cookie. */
export interface SessionInfo {
  userId: string;
  walletAddress: string;
  isAdmin: boolean;
}

/**
 * Sliding expiry (docs/domain.md#sign-in-sessions-and-roles): 7 days after the last use. The cookie's max-age and
 * the database expiry share it.
 */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Looks a cookie value up; `refreshed` asks the guard to re-send the cookie so the browser's expiry slides too. */
export type SessionResolver = (token: string) => Promise<{ session: SessionInfo; refreshed: boolean } | null>;

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
