import { ErrorCode } from '@shared/api/errors';
import type { SafetyCheck, SafetyReport, SafetyWarning } from '@shared/api/trust';
import { AppError } from '@server/http/app-error';
import type { PurchaseDeps } from './deps';
import { withChain } from './verify-outcome';

/** The failing checks as one sentence: "system-owned: …; no-token-accounts: …". */
export const failedChecksText = (checks: readonly SafetyCheck[]): string =>
  checks
    .filter((c) => c.status === 'fail')
    .map((c) => `${c.name}: ${c.detail}`)
    .join('; ');

/**
 * docs/domain.md#account-safety-checks at initiate and on the Actions path: every account-safety check, before any
 * reservation and outside the reservation's database transaction (no row lock waits on the chain). A `fail` refuses the
 * purchase with its reason. It never unlists: a buyer, an anonymous caller or an Actions POST is not the listing's
 * owner, and a purchase attempt that unlisted would let anyone undo the owner's relist. Unlisting
 * on a failed check is for the owner or an admin (POST /api/addresses/:id/safety) and for the sale itself.
 */
export async function refuseUnsafePurchase(
  deps: PurchaseDeps,
  listing: { id: string; address: string },
): Promise<void> {
  if (!deps.safetyCheck) return;
  const check = deps.safetyCheck;
  const report = await withChain(() => check(listing.address));
  const reason = failedChecksText(report.checks);
  if (!reason) return;
  throw new AppError(
    409,
    ErrorCode.UNSAFE_ACCOUNT,
    `This address failed the account-safety checks and cannot be bought: ${reason}`,
  );
}

/**
 * docs/domain.md#account-safety-checks before every reveal: every check again. A `fail` does not hold the key back (the
 * buyer paid) but the answer names what changed and when the chain was read. A chain that cannot be read is logged, not
 * a refusal.
 */
export async function revealSafetyWarning(
  deps: PurchaseDeps,
  address: string,
  log: { warn(obj: object, msg: string): void },
): Promise<SafetyWarning | undefined> {
  if (!deps.safetyCheck) return undefined;
  let report: SafetyReport;
  try {
    report = await deps.safetyCheck(address);
  } catch (err) {
    log.warn({ err: (err as Error).message, address }, 'account-safety checks unavailable at reveal');
    return undefined;
  }
  const failed = report.checks.filter((c) => c.status === 'fail');
  if (failed.length === 0) return undefined;
  return {
    message:
      `Warning: this address changed on chain since it was listed. As read at ${report.checkedAt} (slot ` +
      `${report.slot}): ${failedChecksText(failed)}. Do not send funds or tokens to it before you have checked it yourself.`,
    checkedAt: report.checkedAt,
    slot: report.slot,
    failed,
  };
}
