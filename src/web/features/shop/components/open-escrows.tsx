import type { OpenEscrow } from '@shared/api/settlement';
import { Link } from 'wouter';
import { ExplorerLink } from '@web/components/explorer-link';
import { useExplorer } from '@web/lib/use-explorer';
import { formatWhen, sol } from './format';
import { TableFrame, td } from './table-frame';

/** Escrows holding lamports that settlement has yet to send on: what each holds, for which purchase, since when. */
export function OpenEscrows({ escrows }: { escrows: readonly OpenEscrow[] }) {
  const explorer = useExplorer();
  if (escrows.length === 0) {
    return (
      <p className="text-sm text-vault-300">
        No escrow holds funds right now: every payment has been paid out or refunded.
      </p>
    );
  }
  return (
    <TableFrame label="Open escrows" columns={['Escrow', 'Holds', 'Address bought', 'Purchase', 'Received']}>
      {escrows.map((escrow) => (
        <tr key={escrow.escrow} className="border-t border-vault-800" data-testid="open-escrow">
          <td className={td}>
            <ExplorerLink value={escrow.escrow} href={explorer.address(escrow.escrow)} what="Escrow" />
          </td>
          <td className={`${td} font-mono whitespace-nowrap`}>{sol(escrow.balanceLamports)}</td>
          <td className={td}>
            {escrow.address ? (
              <Link
                to={`/address/${encodeURIComponent(escrow.address)}`}
                title={escrow.address}
                className="font-mono text-sky-300 hover:text-sky-200"
              >
                {`${escrow.address.slice(0, 6)}...${escrow.address.slice(-6)}`}
              </Link>
            ) : (
              <span className="text-vault-400">not found yet</span>
            )}
          </td>
          <td className={td}>
            {escrow.transactionId ? (
              <Link to={`/transaction/${escrow.transactionId}`} className="text-sky-300 hover:text-sky-200">
                <span className="capitalize">{escrow.purchaseStatus}</span>
                <span className="sr-only"> purchase {escrow.transactionId}</span>
              </Link>
            ) : (
              <span>
                <span className="capitalize">{escrow.purchaseStatus}</span>
                <span className="sr-only"> order {escrow.orderId}</span>
              </span>
            )}
          </td>
          <td className={`${td} whitespace-nowrap`}>{formatWhen(escrow.receivedAt)}</td>
        </tr>
      ))}
    </TableFrame>
  );
}
