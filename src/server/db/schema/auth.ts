import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { users } from './users';

/**
 * Server-side sessions (docs/domain.md#sign-in-sessions-and-roles). The cookie carries an opaque random id; only its
 * SHA-256 is stored, so a database dump cannot be replayed as cookies. Kept in the database so every instance shares
 * them.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    // Sessions are not money records: they go with their user.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Denormalised for audit lines and the header/parameter equality check; a user's wallet never changes.
    walletAddress: text('wallet_address').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_expires_at_idx').on(t.expiresAt), // purge job
    index('sessions_user_id_idx').on(t.userId), // log out everywhere
  ],
);

/**
 * Single-use SIWS nonces. Burn with one conditional UPDATE
 * (`SET used_at = now() WHERE nonce = $1 AND used_at IS NULL AND expires_at > now() RETURNING`), so two
 * instances racing on the same nonce cannot both accept it.
 */
export const authNonces = pgTable(
  'auth_nonces',
  {
    id: id(),
    nonce: text('nonce').notNull().unique(),
    address: text('address').notNull(),
    issuedAt: timestamptz('issued_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('auth_nonces_expires_at_idx').on(t.expiresAt)],
);

/**
 * Fixed-window rate-limit counters shared by all instances (a store for @fastify/rate-limit). `key` is the
 * limiter's key, e.g. route + IP; increment with INSERT … ON CONFLICT (key) DO UPDATE.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    resetAt: timestamptz('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
