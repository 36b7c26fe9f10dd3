import { asc } from 'drizzle-orm';
import { KNOWN_ADDRESSES, type KnownAddress } from '@shared/lookalike';
import type { Queryable } from '../../db/database';
import { knownAddresses } from '../../db/schema';

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
