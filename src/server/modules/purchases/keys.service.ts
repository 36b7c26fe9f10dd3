import { ErrorCode } from '@shared/api/errors';
import { crashPoint } from '@server/config/crash-point';
import type { Db } from '@server/db/database';
import { AppError, forbidden } from '@server/http/app-error';
import { recordAudit } from '../audit';
import { issueDestroyReceipt, type Attestation } from '../trust';
import { addressOfSecretKey, secretKeyToBase58, VaultDecryptError, type VaultCipher } from '../key-crypto';
import { vaultRepository } from '../vault';
import type { Actor } from './deps';
import { loadOwnPurchase } from './confirm.service';
import { isOwned } from './state-machine';
import { assertRevealCommitment, type RevealCommitment } from './reveal-commitment';
import { purchasesRepository, type PurchaseDetail } from './purchases.repository';

export interface KeyDeps {
  db: Db;
  cipher: VaultCipher;
  /** Signs the destroy receipt (docs/domain.md#receipts); without one no receipt is issued. */
  attestation?: Attestation;
  revealCommitment?: RevealCommitment;
}

/**
 * A reveal that failed although the buyer paid: the answer carries support information (the reveal
 * answer of docs/product-spec.md#data-shapes), so the buyer knows their payment is safe and how to get the key.
 */
export class KeySupportError extends AppError {
  constructor(
    message: string,
    readonly txHash: string | null,
  ) {
    super(500, ErrorCode.KEY_UNAVAILABLE, message);
  }

  get supportInfo() {
    return {
      message: 'Your payment was verified, but the private key could not be read from the vault.',
      instructions:
        'Do not pay again. Contact support with the transaction hash below; the key will be provided once the ' +
        'vault entry is checked.',
      txHash: this.txHash,
      contactMethod: 'support@vanityvault.example',
    };
  }
}

const keyDestroyed = () => new AppError(410, ErrorCode.KEY_DESTROYED, 'The private key was destroyed');

function assertKeyAccess(detail: PurchaseDetail, commitment: RevealCommitment | undefined): void {
  if (!isOwned(detail.purchase.status)) {
    throw forbidden(ErrorCode.PAYMENT_NOT_VERIFIED, 'The private key is available once the payment is verified');
  }
  assertRevealCommitment(detail.purchase.status, commitment);
  if (detail.purchase.privateKeyDestroyed) throw keyDestroyed();
}

/** Audits every attempt, refused ones included: a stranger probing for keys is what the audit is for. */
async function audited<T>(deps: KeyDeps, action: string, id: string, actor: Actor, run: () => Promise<T>): Promise<T> {
  const entry = { performedBy: actor.wallet, ip: actor.ip, userAgent: actor.userAgent };
  try {
    return await run();
  } catch (err) {
    const code = err instanceof AppError ? err.code : 'INTERNAL_ERROR';
    const known = await purchasesRepository.findById(deps.db, id).catch(() => undefined);
    await recordAudit(deps.db, {
      ...entry,
      action: `${action}_refused`,
      transactionId: known ? id : null,
      metadata: { code, transactionId: id },
    });
    throw err;
  }
}

/**
 * The only path by which a key leaves the vault (docs/domain.md#key-vault): the buyer's session, a verified or
 * completed purchase, audited. The secret is returned to the route and to nothing else — never logged, never stored.
 */
export function revealKey(deps: KeyDeps, id: string, actor: Actor): Promise<{ privateKey: string; address: string }> {
  return audited(deps, 'key.reveal', id, actor, async () => {
    const detail = await loadOwnPurchase(deps.db, id, actor.wallet);
    assertKeyAccess(detail, deps.revealCommitment);
    const stored = await vaultRepository.findByListingId(deps.db, detail.purchase.addressId);
    if (!stored) throw new KeySupportError('The private key is missing from the vault', detail.purchase.txHash);
    let secretKey: Uint8Array;
    try {
      secretKey = deps.cipher.decrypt(detail.listing.address, stored);
    } catch (err) {
      if (err instanceof VaultDecryptError) throw new KeySupportError(err.message, detail.purchase.txHash);
      throw err;
    }
    try {
      // A key that does not derive to the address sold would be worse than none.
      if (addressOfSecretKey(secretKey) !== detail.listing.address) {
        throw new KeySupportError('The stored key does not match the address', detail.purchase.txHash);
      }
      const privateKey = secretKeyToBase58(secretKey);
      await recordAudit(deps.db, {
        action: 'key.reveal',
        performedBy: actor.wallet,
        transactionId: id,
        metadata: { addressId: detail.purchase.addressId },
        ip: actor.ip,
        userAgent: actor.userAgent,
      });
      crashPoint('key:reveal-before-reply');
      return { privateKey, address: detail.listing.address };
    } finally {
      secretKey.fill(0);
    }
  });
}

/** Deletes the ciphertext for good and marks the purchase (docs/domain.md#key-vault). No undo. */
export function destroyKey(deps: KeyDeps, id: string, actor: Actor): Promise<void> {
  return audited(deps, 'key.destroy', id, actor, async () => {
    const detail = await loadOwnPurchase(deps.db, id, actor.wallet);
    assertKeyAccess(detail, deps.revealCommitment);
    await deps.db.transaction(async (db) => {
      // Conditional, so two destroys racing report one success and one KEY_DESTROYED.
      const marked = await purchasesRepository.markKeyDestroyed(db, id);
      if (!marked) throw keyDestroyed();
      await vaultRepository.deleteByListingId(db, detail.purchase.addressId);
      await recordAudit(db, {
        action: 'key.destroy',
        performedBy: actor.wallet,
        transactionId: id,
        metadata: { addressId: detail.purchase.addressId },
        ip: actor.ip,
        userAgent: actor.userAgent,
      });
      if (deps.attestation) {
        await issueDestroyReceipt(db, deps.attestation, {
          transactionId: id,
          address: detail.listing.address,
          at: new Date(),
        });
      }
      crashPoint('key:destroy-before-commit');
    });
    crashPoint('key:destroy-after-commit');
  });
}
