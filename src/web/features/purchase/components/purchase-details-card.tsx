import { isRefunded, type PurchaseStatus, type PurchaseView } from '@shared/api/transactions';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/card';
import { useExplorer } from '@web/lib/use-explorer';
import { NetworkValue } from './network-value';
import { SettlementRows } from './settlement-rows';
import { PurchaseStatusBadge } from './purchase-status-badge';

/** `status` is what the page shows, which may run ahead of the server's (a payment already seen on chain). */
export function PurchaseDetailsCard({
  transaction,
  status = transaction.status,
}: {
  transaction: PurchaseView;
  status?: PurchaseStatus;
}) {
  const { cluster } = useExplorer();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Transaction Details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-vault-400">Address</dt>
          <dd className="font-mono break-all text-vault-100" data-testid="transaction-address">
            {transaction.address.address}
          </dd>
          <dt className="text-vault-400">Network</dt>
          <dd className="text-vault-100">
            <NetworkValue network={transaction.network} cluster={cluster} />
          </dd>
          <dt className="text-vault-400">Price</dt>
          <dd className="font-mono text-vault-100">
            {transaction.price} {transaction.currency}
            <span className="ml-2 font-sans text-vault-400">{transaction.formattedUsd}</span>
          </dd>
          <dt className="text-vault-400">Status</dt>
          <dd>
            <PurchaseStatusBadge status={status} refunded={isRefunded(transaction)} />
          </dd>
          <SettlementRows transaction={transaction} status={status} />
        </dl>
      </CardContent>
    </Card>
  );
}
