import { isRefunded, OWNED_STATUSES } from '@shared/api/transactions';
import { CircleAlert, ShieldCheck } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { buttonClass } from '@web/components/button';
import { Card, CardContent } from '@web/components/card';
import { EmptyState } from '@web/components/empty-state';
import { HashField } from '@web/components/hash-field';
import { PageHeader } from '@web/components/page-header';
import { PageSkeleton } from '@web/components/page-skeleton';
import { Skeleton } from '@web/components/skeleton';
import { useWallet } from '@web/features/wallet';
import { useConfig } from '@web/lib/config';
import { isApiError } from '@web/lib/api-client';
import { ConfirmingCard } from '../components/confirming-card';
import { ConnectPhantomFooter } from '../components/connect-phantom-footer';
import { FinalizingCard } from '../components/finalizing-card';
import { PaymentCard } from '../components/payment-card';
import { PhoneWalletCard } from '../components/phone-wallet-card';
import { PrivateKeyCard } from '../components/private-key-card';
import { PurchaseFailedCard } from '../components/purchase-failed-card';
import { PurchaseDetailsCard } from '../components/purchase-details-card';
import { PurchaseStatusBadge } from '../components/purchase-status-badge';
import { useAutoPayment } from '../use-auto-payment';
import { useExplorer } from '@web/lib/use-explorer';
import { usePayment } from '../use-payment';
import { useTrackedPurchase } from '../use-tracked-purchase';

export function SecureTransactionPage() {
  const { transactionId = '' } = useParams();
  const { address, wallet, account } = useWallet();
  const explorer = useExplorer();
  const revealCommitment = useConfig().data?.revealCommitment;
  const { query, status: trackedStatus, pollingStopped } = useTrackedPurchase(transactionId, address);
  const transaction = query.data;
  const payment = usePayment(transaction);
  const isBuyer = Boolean(transaction && address && transaction.buyer.walletAddress === address);
  const canPay = Boolean(isBuyer && wallet && account && trackedStatus === 'initiated' && !transaction?.txHash);
  useAutoPayment(canPay && !payment.isPending, () => payment.mutate());

  if (query.isPending) return <LoadingState />;
  if (query.isError || !transaction) {
    return (
      <EmptyState
        titleAs="h1"
        icon={CircleAlert}
        title="Transaction Error"
        description={loadErrorText(query.error)}
        action={
          <Link to="/marketplace" className={buttonClass('primary')}>
            Return to Marketplace
          </Link>
        }
      />
    );
  }

  const status = trackedStatus ?? transaction.status;
  const owned = OWNED_STATUSES.includes(status);
  // Verified at confirmed; at REVEAL_COMMITMENT=finalized the key unlocks only once the purchase is completed.
  const finalizing = status === 'verified' && revealCommitment === 'finalized';
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader
        title="Secure Transaction"
        subtitle="Pay into this purchase's escrow from your wallet; the key unlocks once the chain confirms it."
        actions={
          <PurchaseStatusBadge status={status} refunded={isRefunded(transaction)} className="px-3 py-1 text-sm" />
        }
      />
      {transaction.txHash && (
        <Card>
          <CardContent>
            <HashField label="Transaction hash" value={transaction.txHash} href={explorer.tx(transaction.txHash)} />
          </CardContent>
        </Card>
      )}
      {status === 'initiated' && (
        <>
          {address && !isBuyer && (
            <p role="alert" className="rounded-lg bg-danger-500/10 p-3 text-sm text-danger-400">
              This purchase belongs to another wallet. Connect the wallet that started it to pay.
            </p>
          )}
          <PaymentCard
            transaction={transaction}
            paying={payment.isPending}
            canPay={canPay}
            onPay={() => payment.mutate()}
            walletName={wallet?.name ?? null}
          />
          {!transaction.txHash && (
            <PhoneWalletCard transactionId={transaction.id} buyerWallet={transaction.buyer.walletAddress} />
          )}
        </>
      )}
      {status === 'pending' && <ConfirmingCard pollingStopped={pollingStopped} />}
      {owned && isBuyer && finalizing && <FinalizingCard />}
      {owned && isBuyer && !finalizing && <PrivateKeyCard transaction={transaction} wallet={address} />}
      {owned && !isBuyer && (
        <p className="flex items-center gap-2 rounded-lg bg-money-500/10 p-3 text-sm text-money-300">
          <ShieldCheck aria-hidden className="h-4 w-4" /> This purchase is confirmed on the blockchain.
        </p>
      )}
      {status === 'failed' && <PurchaseFailedCard transaction={transaction} viewer={address} />}
      <PurchaseDetailsCard transaction={transaction} status={status} />
      <ConnectPhantomFooter />
    </div>
  );
}

/** docs/product-spec.md#transaction-errors: what the pay screen says when the purchase cannot be shown. */
function loadErrorText(error: Error | null): string {
  if (!error) return 'Transaction not found';
  return isApiError(error) ? `Failed to fetch transaction: ${error.status}` : 'Failed to fetch transaction';
}

function LoadingState() {
  return (
    <PageSkeleton label="Loading transaction">
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-40 w-full" />
    </PageSkeleton>
  );
}
