import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { addresses } from './listings';

/**
 * The key vault's ciphertexts (docs/domain.md#key-vault): AES-256-GCM under HKDF-SHA256(master key, salt) with the
 * address as additional data. All three values are base64 text; the vault decides the layout (e.g. ciphertext‖tag).
 * Destroying a key deletes its row; a hard-deleted listing takes its key with it.
 */
export const encryptedKeys = pgTable('encrypted_keys', {
  id: id(),
  addressId: uuid('address_id')
    .notNull()
    .unique()
    .references(() => addresses.id, { onDelete: 'cascade' }),
  encryptedPrivateKey: text('encrypted_private_key').notNull(),
  salt: text('salt').notNull(),
  iv: text('iv').notNull(),
  createdAt: createdAt(),
});
