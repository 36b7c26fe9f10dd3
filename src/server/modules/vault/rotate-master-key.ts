import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { encryptedKeys } from '../../db/schema';
import { createVaultCipher } from '../key-crypto';
import { vaultRepository } from './vault.repository';

const PAGE = 1_000;

/**
 * Re-encrypts every stored key from `oldKey` to `newKey` in ONE database transaction (docs/domain.md#key-vault): either
 * every row is under the new key or, on any failure (a row the old key cannot open included), none is. Each row gets a
 * fresh salt and IV. Returns how many rows were rewritten. Plaintext keys live only in memory, briefly.
 */
export async function rotateMasterKey(database: Database, oldKey: Uint8Array, newKey: Uint8Array): Promise<number> {
  const from = createVaultCipher(oldKey);
  const to = createVaultCipher(newKey);
  return database.db.transaction(async (tx) => {
    // Writers wait until we commit (readers do not): a key stored meanwhile under the old master key would be lost.
    await tx.execute(sql`lock table ${encryptedKeys} in exclusive mode`);
    let rewritten = 0;
    let afterId: string | null = null;
    for (;;) {
      const page = await vaultRepository.pageWithAddress(tx, afterId, PAGE);
      if (page.length === 0) break;
      const next = page.map((row) => {
        const secret = from.decrypt(row.address, row);
        const sealed = to.encrypt(row.address, secret);
        secret.fill(0);
        return { id: row.id, ...sealed };
      });
      await vaultRepository.rewriteMany(tx, next);
      rewritten += next.length;
      afterId = page[page.length - 1]!.id;
    }
    return rewritten;
  });
}
