import type { LedgerCheckReport } from '@shared/api/settlement';
import { CircleAlert, CircleCheck, RefreshCw } from 'lucide-react';
import { Button } from '@web/components/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/card';
import { ExplorerLink } from '@web/components/explorer-link';
import { FetchError } from '@web/components/fetch-error';
import { useExplorer } from '@web/lib/use-explorer';
import { useLedgerCheck } from '../api/check-ledger';
import { formatWhen, sol } from './format';
import { ViewPurchaseLink } from './purchase-link';
import { TableFrame, td } from './table-frame';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The ledger reconciled against the chain (docs/domain.md#ledger): balanced, or each escrow that differs and why. */
export function LedgerCheckCard() {
  const check = useLedgerCheck();
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle id="ledger-check-title">Ledger check</CardTitle>
        <Button variant="secondary" size="sm" loading={check.isFetching} onClick={() => void check.refetch()}>
          {!check.isFetching && <RefreshCw aria-hidden className="h-4 w-4" />}
          Check again
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {check.data ? (
          <Report report={check.data} />
        ) : check.error ? (
          <FetchError what="the ledger check" error={check.error} />
        ) : (
          <p role="status" data-testid="ledger-status" className="text-sm text-vault-300">
            Checking the ledger against the chain…
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function Report({ report }: { report: LedgerCheckReport }) {
  const explorer = useExplorer();
  const summary =
    `${plural(report.escrowsChecked, 'escrow', 'escrows')} checked; ` +
    `${plural(report.openEscrows, 'open escrow holds', 'open escrows hold')} ${sol(report.openLamports)}. ` +
    `Checked ${formatWhen(report.checkedAt)}.`;
  return (
    <>
      <div role="status" data-testid="ledger-status" className="flex flex-col gap-1">
        {report.balanced ? (
          <p className="flex items-center gap-2 font-semibold text-money-300">
            <CircleCheck aria-hidden className="h-5 w-5" /> Balanced ✓
          </p>
        ) : (
          <p className="flex items-center gap-2 font-semibold text-danger-400">
            <CircleAlert aria-hidden className="h-5 w-5" /> Out of balance:{' '}
            {plural(report.differences.length, 'difference', 'differences')}
          </p>
        )}
        <p className="text-sm text-vault-300">{summary}</p>
      </div>
      {report.differences.length > 0 && (
        <TableFrame label="Ledger differences" columns={['Escrow', 'Ledger says', 'Chain says', 'Problem', 'Purchase']}>
          {report.differences.map((difference) => (
            <tr key={difference.escrow} className="border-t border-vault-800" data-testid="ledger-difference">
              <td className={td}>
                <ExplorerLink value={difference.escrow} href={explorer.address(difference.escrow)} what="Escrow" />
              </td>
              <td className={`${td} font-mono whitespace-nowrap`}>{sol(difference.ledgerLamports)}</td>
              <td className={`${td} font-mono whitespace-nowrap`}>
                {difference.chainLamports === null ? (
                  <span className="font-sans text-vault-400">could not be read</span>
                ) : (
                  sol(difference.chainLamports)
                )}
              </td>
              <td className={`${td} min-w-64`}>{difference.problem}</td>
              <td className={td}>
                <ViewPurchaseLink transactionId={difference.transactionId} />
              </td>
            </tr>
          ))}
        </TableFrame>
      )}
    </>
  );
}
