import type { SettlementTransfer } from '@shared/api/settlement';
import { Badge } from '@web/components/badge';
import { ExplorerLink } from '@web/components/explorer-link';
import { useExplorer } from '@web/lib/use-explorer';
import { formatWhen, sol } from './format';
import { ViewPurchaseLink } from './purchase-link';
import { TableFrame, td } from './table-frame';

const STATUS = {
  signed: { label: 'Signed, not landed', tone: 'gold' },
  landed: { label: 'Landed', tone: 'money' },
  failed: { label: 'Failed', tone: 'danger' },
} as const;

const LEG = { payout: 'seller', commission: 'commission', refund: 'refund' } as const;

/**
 * Payouts and refunds out of escrows (docs/domain.md#settlement): each with its transaction on the explorer, where its
 * lamports went, and, for one that has not landed, its attempts and last error.
 */
export function TransferTable({
  label,
  transfers,
  empty,
}: {
  label: string;
  transfers: readonly SettlementTransfer[];
  empty: string;
}) {
  const explorer = useExplorer();
  if (transfers.length === 0) return <p className="text-sm text-vault-300">{empty}</p>;
  return (
    <TableFrame label={label} columns={['Kind', 'Status', 'Transaction', 'Amount', 'To', 'Purchase', 'When']}>
      {transfers.map((transfer) => {
        const status = STATUS[transfer.status];
        return (
          <tr key={transfer.id} className="border-t border-vault-800" data-testid="settlement-transfer">
            <td className={`${td} capitalize`}>{transfer.kind}</td>
            <td className={td}>
              <Badge tone={status.tone}>{status.label}</Badge>
              {transfer.status !== 'landed' && (
                <span className="mt-1 block text-xs text-vault-400">
                  {transfer.attempts === 1 ? '1 attempt' : `${transfer.attempts} attempts`}
                </span>
              )}
              {transfer.error && <span className="mt-1 block text-xs text-danger-300">{transfer.error}</span>}
            </td>
            <td className={td}>
              <ExplorerLink
                value={transfer.signature}
                href={explorer.tx(transfer.signature)}
                what={transfer.kind === 'payout' ? 'Payout transaction' : 'Refund transaction'}
              />
            </td>
            <td className={`${td} font-mono whitespace-nowrap`}>{sol(transfer.lamports)}</td>
            <td className={td}>
              <ul className="flex flex-col gap-0.5">
                {transfer.legs.map((leg, i) => (
                  <li key={`${leg.to}-${i}`} className="whitespace-nowrap">
                    <span className="text-vault-400">{LEG[leg.kind]}</span> {sol(leg.lamports)} →{' '}
                    <ExplorerLink value={leg.to} href={explorer.address(leg.to)} what={`${LEG[leg.kind]} account`} />
                  </li>
                ))}
              </ul>
            </td>
            <td className={td}>
              <ViewPurchaseLink transactionId={transfer.transactionId} />
            </td>
            {/* Date over time when space is short, so the table fits a desktop card without scrolling. */}
            <td className={`${td} min-w-28`}>{formatWhen(transfer.landedAt ?? transfer.createdAt)}</td>
          </tr>
        );
      })}
    </TableFrame>
  );
}
