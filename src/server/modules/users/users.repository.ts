import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { users } from '../../db/schema';

export interface UserRow {
  id: string;
  walletAddress: string;
  isAdmin: boolean;
}

const columns = { id: users.id, walletAddress: users.walletAddress, isAdmin: users.isAdmin };

export const usersRepository = {
  async findByWallet(db: Queryable, walletAddress: string): Promise<UserRow | undefined> {
    const [row] = await db.select(columns).from(users).where(eq(users.walletAddress, walletAddress));
    return row;
  },

  /** The user for a wallet, created on first sign-in. Race-safe: two instances signing in one wallet get one row. */
  async upsertByWallet(db: Queryable, walletAddress: string): Promise<UserRow> {
    const [row] = await db
      .insert(users)
      .values({ walletAddress })
      // A no-op update, so RETURNING gives the existing row too (DO NOTHING returns nothing on conflict).
      .onConflictDoUpdate({ target: users.walletAddress, set: { walletAddress: sql`excluded.wallet_address` } })
      .returning(columns);
    return row!;
  },

  /** Makes a wallet admin, creating its user if needed. Returns the row only when something changed. */
  async grantAdmin(db: Queryable, walletAddress: string): Promise<UserRow | undefined> {
    const [row] = await db
      .insert(users)
      .values({ walletAddress, isAdmin: true })
      .onConflictDoUpdate({ target: users.walletAddress, set: { isAdmin: true }, setWhere: eq(users.isAdmin, false) })
      .returning(columns);
    return row;
  },

  /** Takes admin away. Returns the row only when it was an admin. */
  async revokeAdmin(db: Queryable, walletAddress: string): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ isAdmin: false })
      .where(and(eq(users.walletAddress, walletAddress), eq(users.isAdmin, true)))
      .returning(columns);
    return row;
  },

  listAdmins(db: Queryable): Promise<UserRow[]> {
    return db.select(columns).from(users).where(eq(users.isAdmin, true)).orderBy(asc(users.walletAddress));
  },
};
