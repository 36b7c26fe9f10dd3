import { isRefunded } from '@shared/api/transactions';
import { ArrowLeft, CircleCheck, ExternalLink, SearchX } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { buttonClass } from '@web/components/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/card';
import { EmptyState } from '@web/components/empty-state';
import { HashField } from '@web/components/hash-field';
import { PageHeader } from '@web/components/page-header';
import { PageSkeleton } from '@web/components/page-skeleton';
import { Skeleton } from '@web/components/skeleton';
import { toast } from '@web/components/toast-store';
import {
  ContinueCheckoutLink,
  isAwaitingPayment,
  NetworkValue,
  PurchaseFailedCard,
  SettlementRows,
  PurchaseStatusBadge,
  usePurchase,
} from '@web/features/purchase';
import { useExplorer } from '@web/lib/use-explorer';
import { ReceiptDownloads } from '@web/features/receipts';
import { useWallet } from '@web/features/wallet';

const formatDate = (iso: string) => new Date(iso).toLocaleString();

/** /transaction/{txHash}: one purchase by id or payment signature (docs/product-spec.md#transaction-details). */
export function TransactionPage() {
  const { txHash = '' } = useParams();
  const query = usePurchase(txHash);
  const explorer = useExplorer();
  const { address: viewer } = useWallet();

  if (query.isPending) return <TransactionSkeleton />;
  const tx = query.data;
  if (!tx) {
    return (
      <EmptyState
        titleAs="h1"
        icon={SearchX}
        title="Transaction Not Found"
        description={
          query.isError
            ? 'Failed to fetch transaction details'
            : "The transaction you're looking for could not be found."
        }
        action={
          <Link to="/marketplace" className={buttonClass('secondary')}>
            <ArrowLeft aria-hidden className="h-4 w-4" /> Back to Marketplace
          </Link>
        }
      />
    );
  }

  const hash = tx.txHash ?? tx.blockchainTxHash;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader
        title="Transaction Details"
        subtitle={
          <>
            Purchase of <span className="font-mono break-all">{tx.address.address}</span>
          </>
        }
        actions={<PurchaseStatusBadge status={tx.status} refunded={isRefunded(tx)} className="px-3 py-1 text-sm" />}
      />
      <Card>
        <CardContent className="flex flex-col gap-5">
          {hash ? (
            <>
              <HashField
                label="Transaction hash"
                value={hash}
                onCopied={() => toast({ title: 'Copied!', description: 'Transaction hash copied', variant: 'success' })}
              />
              <a
                href={explorer.tx(hash)}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass('secondary', 'md', 'self-start')}
              >
                <ExternalLink aria-hidden className="h-4 w-4" /> View on Solana Explorer
              </a>
            </>
          ) : isAwaitingPayment(tx, viewer) ? (
            // Its buyer is one click from paying.
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-vault-300">
                Your checkout is open until {new Date(tx.expiresAt).toLocaleTimeString()}. Pay to complete the purchase:
                another buyer can still pay for this address first.
              </p>
              <ContinueCheckoutLink transactionId={tx.id} className="self-start sm:self-auto" />
            </div>
          ) : (
            <p className="text-sm text-vault-300">No payment has been submitted for this purchase yet.</p>
          )}
          <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-vault-400">Address</dt>
            <dd className="font-mono break-all text-vault-100">
              <Link className="hover:text-money-300" to={`/address/${encodeURIComponent(tx.address.address)}`}>
                {tx.address.address}
              </Link>
            </dd>
            <dt className="text-vault-400">Network</dt>
            <dd className="text-vault-100">
              <NetworkValue network={tx.network} cluster={explorer.cluster} />
            </dd>
            <dt className="text-vault-400">Price</dt>
            <dd className="font-mono text-vault-100">
              {tx.price} {tx.currency} <span className="ml-1 font-sans text-vault-400">{tx.formattedUsd}</span>
            </dd>
            <dt className="text-vault-400">Status</dt>
            <dd>
              <PurchaseStatusBadge status={tx.status} refunded={isRefunded(tx)} />
            </dd>
            <dt className="text-vault-400">Created</dt>
            <dd className="text-vault-100">{formatDate(tx.createdAt)}</dd>
            <SettlementRows transaction={tx} />
          </dl>
          <ReceiptDownloads
            transactionId={tx.id}
            enabled={viewer === tx.buyer.walletAddress && (tx.status === 'verified' || tx.status === 'completed')}
          />
        </CardContent>
      </Card>
      {tx.status === 'failed' && <PurchaseFailedCard transaction={tx} viewer={viewer} />}
      {tx.completedAt && (
        <Card className="border-money-500/40">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <CircleCheck aria-hidden className="h-5 w-5 text-money-400" /> Transaction Completed
            </CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-vault-200">Completed on {formatDate(tx.completedAt)}</CardContent>
        </Card>
      )}
    </div>
  );
}

function TransactionSkeleton() {
  return (
    <PageSkeleton label="Loading transaction">
      <Skeleton className="h-10 w-72" />
      <Skeleton className="h-64 w-full" />
    </PageSkeleton>
  );
}
