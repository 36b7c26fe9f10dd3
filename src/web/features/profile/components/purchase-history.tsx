import { isRefunded, type PurchaseView } from '@shared/api/transactions';
import { lamportsToSolString } from '@shared/money';
import { shortenAddress } from '@shared/format/address';
import { History } from 'lucide-react';
import { Link } from 'wouter';
import { Card } from '@web/components/card';
import { EmptyState } from '@web/components/empty-state';
import { ExplorerLink } from '@web/components/explorer-link';
import { FetchError } from '@web/components/fetch-error';
import { SectionTitle } from '@web/components/section-title';
import { Skeleton } from '@web/components/skeleton';
import { ContinueCheckoutLink, isAwaitingPayment, PurchaseStatusBadge } from '@web/features/purchase';
import { useExplorer } from '@web/lib/use-explorer';

/** docs/product-spec.md#profile: the user's transactions and purchases merged, de-duplicated by id, newest first. */
export function mergeHistory(...lists: Array<PurchaseView[] | undefined>): PurchaseView[] {
  const byId = new Map<string, PurchaseView>();
  for (const list of lists) for (const tx of list ?? []) if (!byId.has(tx.id)) byId.set(tx.id, tx);
  return [...byId.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * A refunded payment reads as such to the buyer it went back to, and as no sale to the seller: settlement sends it
 * back by itself (docs/domain.md#settlement), so nobody owes anybody.
 */
function kindOf(tx: PurchaseView, wallet: string): string {
  const bought = tx.buyer.walletAddress === wallet;
  if (isRefunded(tx)) return bought ? 'Refunded' : 'Not sold';
  // Checked out but not paid: nothing is bought yet.
  if (isAwaitingPayment(tx, wallet)) return 'Awaiting payment';
  return bought ? 'Bought' : 'Sold';
}

export function PurchaseHistory({
  items,
  loading,
  error,
  wallet,
}: {
  items: PurchaseView[];
  loading: boolean;
  /** A failed fetch must not read as "No Transactions Found". */
  error: Error | null;
  wallet: string;
}) {
  return (
    <section aria-labelledby="transaction-history" className="flex flex-col gap-4">
      <SectionTitle id="transaction-history" title="Transaction History" count={loading ? undefined : items.length} />
      {loading ? (
        <Skeleton className="h-32" />
      ) : error ? (
        <FetchError what="user transactions" error={error} />
      ) : items.length === 0 ? (
        <EmptyState
          titleAs="h3"
          icon={History}
          title="No Transactions Found"
          description="Purchases and sales appear here."
        />
      ) : (
        <Card className="divide-y divide-vault-700/80 overflow-hidden">
          {items.map((tx) => (
            <div
              key={tx.id}
              data-testid="history-row"
              className="flex flex-col gap-2 p-4 transition-colors hover:bg-vault-800/60 sm:flex-row sm:items-center sm:gap-4"
            >
              <Link
                to={`/transaction/${tx.id}`}
                className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-4"
              >
                <span className="w-20 text-xs font-semibold text-vault-400 uppercase">{kindOf(tx, wallet)}</span>
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="font-mono text-sm text-vault-100">{shortenAddress(tx.address.address, 8, 6)}</span>
                  {tx.status === 'failed' && tx.disputeReason && (
                    <span className="truncate text-xs text-danger-300" data-testid="history-reason">
                      {tx.disputeReason}
                    </span>
                  )}
                </span>
                <span className="font-mono text-sm text-vault-200">
                  {tx.price} {tx.currency}
                </span>
                <span className="text-xs text-vault-400 sm:w-28">{new Date(tx.createdAt).toLocaleDateString()}</span>
                <PurchaseStatusBadge status={tx.status} refunded={isRefunded(tx)} className="self-start sm:self-auto" />
              </Link>
              {isAwaitingPayment(tx, wallet) && (
                <ContinueCheckoutLink transactionId={tx.id} size="sm" className="self-start sm:self-auto" />
              )}
              {isRefunded(tx) && tx.buyer.walletAddress === wallet && <RefundSummary tx={tx} />}
            </div>
          ))}
        </Card>
      )}
    </section>
  );
}

/** What came back and the refund's transaction: outside the row's link, as a link of its own. */
function RefundSummary({ tx }: { tx: PurchaseView }) {
  const explorer = useExplorer();
  return (
    <div className="flex flex-col gap-0.5 text-xs sm:items-end" data-testid="history-refund">
      {tx.refundSignatures.length === 0 ? (
        <span className="text-gold-300">Refund on its way</span>
      ) : (
        <>
          <span className="font-mono text-vault-200">
            {lamportsToSolString(BigInt(tx.refundedLamports))} SOL refunded
          </span>
          {tx.refundSignatures.map((signature) => (
            <ExplorerLink
              key={signature}
              value={signature}
              href={explorer.tx(signature)}
              what="Refund transaction"
              data-testid="history-refund-signature"
            />
          ))}
        </>
      )}
    </div>
  );
}
