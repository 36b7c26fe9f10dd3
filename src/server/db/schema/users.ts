import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/** A wallet that has signed in. `isAdmin` is set from ADMIN_WALLETS at start-up or by the admin command. */
export const users = pgTable(
  'users',
  {
    id: id(),
    walletAddress: text('wallet_address').notNull().unique(),
    isAdmin: boolean('is_admin').notNull().default(false),
    // The demo admin that seeding created (docs/domain.md#local-mode): the shop's seller of ground keys in local mode
    // without SHOP_WALLET. Marked when it is created, never inferred from listings.
    isDemoAdmin: boolean('is_demo_admin').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_one_demo_admin')
      .on(t.isDemoAdmin)
      .where(sql`${t.isDemoAdmin}`),
  ],
);
