import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { authNonces } from '../../db/schema';

export interface NonceRow {
  nonce: string;
  address: string;
  issuedAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

const columns = {
  nonce: authNonces.nonce,
  address: authNonces.address,
  issuedAt: authNonces.issuedAt,
  expiresAt: authNonces.expiresAt,
  usedAt: authNonces.usedAt,
};

export const noncesRepository = {
  async create(db: Queryable, row: { nonce: string; address: string; issuedAt: Date; expiresAt: Date }): Promise<void> {
    await db.insert(authNonces).values(row);
  },

  async find(db: Queryable, nonce: string): Promise<NonceRow | undefined> {
    const [row] = await db.select(columns).from(authNonces).where(eq(authNonces.nonce, nonce));
    return row;
  },

  /**
   * Burns a nonce with one conditional UPDATE, so two instances racing on the same signed message cannot both
   * accept it. Returns false when it was already used, expired or issued for another wallet.
   */
  async burn(db: Queryable, nonce: string, address: string): Promise<boolean> {
    const rows = await db
      .update(authNonces)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(authNonces.nonce, nonce),
          eq(authNonces.address, address),
          isNull(authNonces.usedAt),
          gt(authNonces.expiresAt, sql`now()`),
        ),
      )
      .returning({ nonce: authNonces.nonce });
    return rows.length === 1;
  },

  /** Drops nonces that expired over an hour ago; recent ones stay so a replay gets "already used", not "unknown". */
  async purgeExpired(db: Queryable): Promise<void> {
    await db.delete(authNonces).where(lt(authNonces.expiresAt, sql`now() - interval '1 hour'`));
  },
};
