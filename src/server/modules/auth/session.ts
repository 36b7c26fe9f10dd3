import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database';
import type { SessionInfo } from '../../http/session-cookie';
import { sessionsRepository } from './sessions.repository';

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
