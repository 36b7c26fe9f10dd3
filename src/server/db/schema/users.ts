import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/** A wallet that has signed in. `isAdmin` is set from ADMIN_WALLETS at start-up or by the admin command. */
export const users = pgTable('users', {
  id: id(),
  walletAddress: text('wallet_address').notNull().unique(),
  isAdmin: boolean('is_admin').notNull().default(false),
  createdAt: createdAt(),
});
