import type { Queryable } from '../../db/database';
import { recordAudit } from '../audit';
import { usersRepository } from './users.repository';

/**
 * Makes every ADMIN_WALLETS entry an admin (docs/domain.md#configuration). It only grants: removing a wallet from the
 * variable does not revoke it, because admins granted with `npm run admin -- grant` must survive a restart; revoke with
 * `npm run admin -- revoke <wallet>`. Idempotent and safe when several instances start at once.
 */
export async function applyAdminWallets(db: Queryable, wallets: readonly string[]): Promise<string[]> {
  const granted: string[] = [];
  for (const wallet of new Set(wallets)) {
    const changed = await usersRepository.grantAdmin(db, wallet);
    if (!changed) continue;
    granted.push(wallet);
    await recordAudit(db, {
      action: 'admin.grant',
      performedBy: 'system',
      metadata: { wallet, source: 'ADMIN_WALLETS' },
    });
  }
  return granted;
}
