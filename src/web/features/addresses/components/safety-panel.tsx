import { useEffect, useState } from 'react';
import { Info, RefreshCw, ShieldAlert, ShieldCheck, ShieldX } from 'lucide-react';
import type { SafetyCheck, SafetyReport } from '@shared/api/trust';
import { Badge } from '@web/components/badge';
import { Button } from '@web/components/button';
import { useAddressSafety, useRecheckAddressSafety } from '../api/get-address-safety';

const LABELS: Record<SafetyCheck['name'], string> = {
  'system-owned': 'Plain wallet (System Program)',
  'no-token-accounts': 'No token accounts',
  'never-used': 'Never used',
  'not-look-alike': 'Not a look-alike',
};

const STATUS = {
  pass: { tone: 'money', label: 'Pass', Icon: ShieldCheck },
  // Harmless states anyone can cause (token accounts opened by others, dust): shown, never alarming.
  info: { tone: 'info', label: 'Info', Icon: Info },
  warn: { tone: 'gold', label: 'Warning', Icon: ShieldAlert },
  fail: { tone: 'danger', label: 'Fail', Icon: ShieldX },
} as const;

const SUMMARY: Record<SafetyReport['status'], string> = {
  pass: 'Every check passed.',
  info: 'Every check passed; the notes below are harmless.',
  warn: 'Read the warnings before you buy.',
  fail: 'This address failed a check: do not buy it.',
};

/** Seconds since `iso`, ticking every second while shown. */
function useSecondsSince(iso: string | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  if (!iso) return null;
  return Math.max(0, Math.floor((now - Date.parse(iso)) / 1_000));
}

function ago(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'} ago`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
}

/**
 * "Safety check" (docs/domain.md#account-safety-checks): what the chain says about the address now — plain wallet, no
 * token account traps, no history, not a look-alike — with when it was read and a button to read it again.
 */
export function SafetyPanel({ listingId }: { listingId: string }) {
  const safety = useAddressSafety(listingId);
  const recheck = useRecheckAddressSafety(listingId);
  const report = safety.data;
  const seconds = useSecondsSince(report?.checkedAt);

  return (
    <div className="flex flex-col gap-3" data-testid="safety-panel">
      {safety.isPending && <p className="text-sm text-vault-300">Reading the chain…</p>}
      {safety.isError && !report && (
        <p role="alert" className="text-sm text-danger-400">
          The safety checks could not be read: {safety.error.message}
        </p>
      )}
      {report && (
        <>
          <p
            className={
              report.status === 'pass' || report.status === 'info'
                ? 'text-sm font-semibold text-money-300'
                : report.status === 'warn'
                  ? 'text-sm font-semibold text-gold-300'
                  : 'text-sm font-semibold text-danger-400'
            }
            data-testid="safety-summary"
          >
            {SUMMARY[report.status]}
          </p>
          <ul className="flex flex-col gap-2">
            {report.checks.map((check) => {
              const { tone, label, Icon } = STATUS[check.status];
              return (
                <li
                  key={check.name}
                  data-testid={`safety-check-${check.name}`}
                  data-status={check.status}
                  className="flex flex-col gap-1 rounded-xl bg-vault-900/60 p-3 ring-1 ring-vault-700"
                >
                  <div className="flex items-start justify-between gap-2">
                    <span className="flex min-w-0 items-center gap-2 text-sm font-medium text-vault-100">
                      <Icon aria-hidden className="h-4 w-4 shrink-0" />
                      {LABELS[check.name]}
                    </span>
                    <Badge tone={tone} className="shrink-0">
                      {label}
                    </Badge>
                  </div>
                  <p className="min-w-0 text-xs wrap-anywhere text-vault-300">{check.detail}</p>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-vault-400" data-testid="safety-checked-at">
          {report && seconds !== null ? `Checked ${ago(seconds)} at slot ${report.slot}` : ''}
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => recheck.mutate()}
          loading={recheck.isPending}
          disabled={safety.isPending}
        >
          <RefreshCw aria-hidden className="h-4 w-4" /> Re-check
        </Button>
      </div>
      {recheck.isError && (
        <p role="alert" className="text-sm text-danger-400">
          Re-check failed: {recheck.error.message}
        </p>
      )}
    </div>
  );
}
