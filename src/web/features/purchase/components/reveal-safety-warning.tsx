import type { SafetyWarning } from '@shared/api/trust';
import { ShieldX } from 'lucide-react';

const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * docs/domain.md#account-safety-checks: a check failed just before this reveal. The key is still shown (the buyer
 * paid); this says what changed on chain and when it was read, next to the key.
 */
export function RevealSafetyWarning({ warning }: { warning: SafetyWarning }) {
  return (
    <div
      role="alert"
      data-testid="reveal-safety-warning"
      className="flex flex-col gap-2 rounded-lg border border-danger-500/60 bg-danger-500/10 p-3 text-sm"
    >
      <p className="flex items-center gap-2 font-semibold text-danger-400">
        <ShieldX aria-hidden className="h-4 w-4 shrink-0" /> This address changed on chain since it was listed
      </p>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-vault-100">
        {warning.failed.map((check) => (
          <li key={check.name} className="wrap-anywhere">
            <span className="font-mono text-danger-400">{check.name}</span>: {check.detail}
          </li>
        ))}
      </ul>
      <p className="text-vault-300">
        Read at {time.format(new Date(warning.checkedAt))} (slot {warning.slot}). Do not send funds or tokens to this
        address before you have checked it yourself.
      </p>
    </div>
  );
}
