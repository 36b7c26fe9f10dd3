import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * Admin additions to the shipped list of well-known addresses that listings may not imitate
 * (docs/domain.md#look-alike-protection). Small enough to read whole; no index beyond the unique one.
 */
export const knownAddresses = pgTable('known_addresses', {
  id: id(),
  address: text('address').notNull().unique(),
  label: text('label').notNull(),
  // Kept when the admin's user row goes: the entry still protects buyers.
  addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
