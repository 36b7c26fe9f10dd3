import { asc, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { addresses, encryptedKeys } from '../../db/schema';
import type { EncryptedKeyRow } from '../key-crypto';

export interface StoredKey extends EncryptedKeyRow {
  addressId: string;
}

/** Keys column by column, each a PostgreSQL array literal (`{"…","…"}`): entry i of every array is one row. */
export interface StoredKeyArrays {
  addressId: string;
  encryptedPrivateKey: string;
  salt: string;
  iv: string;
}

/** `encrypted_keys` rows. Only ciphertexts pass through here; nothing decrypted is ever stored. */
export const vaultRepository = {
  /** Multi-row insert, so a bulk chunk writes its keys in one statement. */
  async insertMany(db: Queryable, rows: readonly StoredKey[]): Promise<void> {
    if (rows.length === 0) return;
    await db.insert(encryptedKeys).values(rows.map((r) => ({ ...r })));
  },

  /**
   * A bulk chunk's keys in one `INSERT … SELECT … FROM unnest(…)`: each column is one PostgreSQL array literal
   * (a text parameter, cast), so no statement with thousands of bind parameters is built or parsed. Rows whose
   * `address_id` is NULL (listings that were not inserted) are skipped.
   */
  async insertArrays(db: Queryable, keys: StoredKeyArrays): Promise<void> {
    await db.execute(sql`
      insert into ${encryptedKeys} (address_id, encrypted_private_key, salt, iv)
      select k.address_id, k.ct, k.salt, k.iv
      from unnest(${keys.addressId}::text::uuid[], ${keys.encryptedPrivateKey}::text::text[],
        ${keys.salt}::text::text[], ${keys.iv}::text::text[]) as k(address_id, ct, salt, iv)
      where k.address_id is not null`);
  },

  async findByListingId(db: Queryable, addressId: string): Promise<StoredKey | undefined> {
    const [row] = await db
      .select({
        addressId: encryptedKeys.addressId,
        encryptedPrivateKey: encryptedKeys.encryptedPrivateKey,
        salt: encryptedKeys.salt,
        iv: encryptedKeys.iv,
      })
      .from(encryptedKeys)
      .where(eq(encryptedKeys.addressId, addressId));
    return row;
  },

  /** Destroys a key: the ciphertext row goes. Returns whether there was one. */
  async deleteByListingId(db: Queryable, addressId: string): Promise<boolean> {
    const gone = await db
      .delete(encryptedKeys)
      .where(eq(encryptedKeys.addressId, addressId))
      .returning({ id: encryptedKeys.id });
    return gone.length > 0;
  },

  /** A page of rows with their address (the AAD), in id order, for re-encryption. */
  pageWithAddress(db: Queryable, afterId: string | null, limit: number) {
    return db
      .select({
        id: encryptedKeys.id,
        addressId: encryptedKeys.addressId,
        address: addresses.address,
        encryptedPrivateKey: encryptedKeys.encryptedPrivateKey,
        salt: encryptedKeys.salt,
        iv: encryptedKeys.iv,
      })
      .from(encryptedKeys)
      .innerJoin(addresses, eq(addresses.id, encryptedKeys.addressId))
      .where(afterId ? gt(encryptedKeys.id, afterId) : undefined)
      .orderBy(asc(encryptedKeys.id))
      .limit(limit);
  },

  /** Rewrites many rows in one statement (UPDATE … FROM (VALUES …)). */
  async rewriteMany(db: Queryable, rows: readonly (EncryptedKeyRow & { id: string })[]): Promise<void> {
    if (rows.length === 0) return;
    const values = sql.join(
      rows.map((r) => sql`(${r.id}::uuid, ${r.encryptedPrivateKey}, ${r.salt}, ${r.iv})`),
      sql`, `,
    );
    await db.execute(sql`
      update ${encryptedKeys} set
        encrypted_private_key = v.ct, salt = v.salt, iv = v.iv
      from (values ${values}) as v(id, ct, salt, iv)
      where ${encryptedKeys.id} = v.id`);
  },

  async count(db: Queryable): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(encryptedKeys);
    return row?.n ?? 0;
  },
};
