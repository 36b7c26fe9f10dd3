import { ExternalLink } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Link } from 'wouter';
import type { PurchaseView } from '@shared/api/transactions';
import { shortenAddress, truncateListingAddress } from '@shared/format/address';
import { FALLBACK_USD_PER_SOL_TRANSACTION, formatUsd } from '@shared/format/usd';
import { solStringToNumber } from '@shared/money';
import { Badge } from '@web/components/badge';
import { Card } from '@web/components/card';
import { Skeleton } from '@web/components/skeleton';
import { cn } from '@web/lib/cn';
import { useExplorer } from '@web/lib/use-explorer';
import { useRecentPurchases } from '../api/get-recent-purchases';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const usdOf = (t: PurchaseView) =>
  t.formattedUsd || formatUsd(solStringToNumber(t.price) * FALLBACK_USD_PER_SOL_TRANSACTION);

/** The table's headings: buyer and date hide on narrow screens, as their cells in `Row` do. */
const COLUMNS: [label: string, className?: string][] = [
  ['Address'],
  ['Price'],
  ['Buyer', 'hidden md:table-cell'],
  ['Date', 'hidden sm:table-cell'],
  ['Tx'],
];

function Row({ t }: { t: PurchaseView }) {
  const explorer = useExplorer();
  const hash = t.txHash ?? t.blockchainTxHash;
  const to = `/transaction/${encodeURIComponent(hash ?? t.id)}`;
  return (
    <tr className="border-t border-vault-800 hover:bg-vault-800/40">
      <td className="px-4 py-3">
        <Link to={to} className="rounded font-mono font-semibold text-vault-100 hover:text-money-300">
          {truncateListingAddress(t.address.address)}
        </Link>
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        <span className="font-semibold text-money-300">
          {t.price} {t.currency}
        </span>
        <span className="block text-xs text-vault-400">{usdOf(t)}</span>
      </td>
      <td className="hidden px-4 py-3 font-mono text-xs text-vault-300 md:table-cell">
        {shortenAddress(t.buyer.walletAddress, 6, 4)}
      </td>
      <td className="hidden px-4 py-3 text-vault-300 sm:table-cell">
        {date.format(new Date(t.completedAt ?? t.createdAt))}
      </td>
      <td className="px-4 py-3">
        {hash ? (
          <a
            href={t.explorerUrl ?? explorer.tx(hash)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`View ${shortenAddress(hash, 6, 4)} on Solana Explorer (opens in a new tab)`}
            className="inline-flex items-center gap-1 rounded font-mono text-xs text-sky-300 hover:text-sky-200"
          >
            {shortenAddress(hash, 6, 4)} <ExternalLink aria-hidden className="h-3.5 w-3.5" />
          </a>
        ) : (
          <Badge>{t.status}</Badge>
        )}
      </td>
    </tr>
  );
}

export function RecentPurchases() {
  const recent = useRecentPurchases();
  // Deferred, as the Premium Addresses grid: the table is drawn in slices, the skeleton stays until it is done.
  const data = useDeferredValue(recent.data);
  const isPending = data === undefined && !recent.isError;
  return (
    <section aria-labelledby="recent-title">
      <h2 id="recent-title" className="mb-4 text-xl font-bold text-vault-100 sm:text-2xl">
        Recent Transactions
      </h2>
      <Card className="overflow-hidden">
        {isPending ? (
          <div aria-busy className="space-y-2 p-4">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : !data || data.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-vault-300">No transactions found</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="bg-vault-850 text-xs tracking-wide text-vault-400 uppercase">
              <tr>
                {COLUMNS.map(([label, className]) => (
                  <th key={label} scope="col" className={cn('px-4 py-3 font-semibold', className)}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.map((t) => (
                <Row key={t.id} t={t} />
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </section>
  );
}
