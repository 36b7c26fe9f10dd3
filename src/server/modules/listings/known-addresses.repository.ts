import { and, asc, like, ne } from 'drizzle-orm';
import { KNOWN_ADDRESSES, LOOKALIKE_EDGE, type KnownAddress } from '@shared/lookalike';
import type { Queryable } from '../../db/database';
import { addresses, knownAddresses } from '../../db/schema';

export const knownAddressesRepository = {
  list(db: Queryable) {
    return db
      .select({
        id: knownAddresses.id,
        address: knownAddresses.address,
        label: knownAddresses.label,
        createdAt: knownAddresses.createdAt,
      })
      .from(knownAddresses)
      .orderBy(asc(knownAddresses.createdAt), asc(knownAddresses.address));
  },

  /**
   * A listing (not deleted) whose address is `address` or a look-alike of it (same first and last LOOKALIKE_EDGE
   * characters), or undefined. Base58 has no `%` or `_`, so the pattern is exactly head…tail.
   */
  async findListedLookalike(db: Queryable, address: string): Promise<string | undefined> {
    const pattern = `${address.slice(0, LOOKALIKE_EDGE)}%${address.slice(-LOOKALIKE_EDGE)}`;
    const [row] = await db
      .select({ address: addresses.address })
      .from(addresses)
      .where(and(like(addresses.address, pattern), ne(addresses.status, 'deleted')))
      .limit(1);
    return row?.address;
  },

  /** Null when the address is on the list already. */
  async insert(db: Queryable, entry: { address: string; label: string; addedBy: string }) {
    const [row] = await db
      .insert(knownAddresses)
      .values(entry)
      .onConflictDoNothing({ target: knownAddresses.address })
      .returning({
        id: knownAddresses.id,
        address: knownAddresses.address,
        label: knownAddresses.label,
        createdAt: knownAddresses.createdAt,
      });
    return row ?? null;
  },
};

/**
 * The shipped list plus the admins' additions (docs/domain.md#look-alike-protection). The table is small: read whole,
 * once per request.
 */
export async function loadKnownAddresses(db: Queryable): Promise<KnownAddress[]> {
  const added = await db.select({ address: knownAddresses.address, label: knownAddresses.label }).from(knownAddresses);
  return [...KNOWN_ADDRESSES, ...added];
}
