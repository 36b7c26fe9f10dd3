import type { TransactionStatus } from '@shared/api/transactions';
import { CircleAlert, CircleCheck, Clock, Wallet } from 'lucide-react';
import { Badge } from '@web/components/badge';

const labels: Record<TransactionStatus, string> = {
  initiated: 'Payment Required',
  pending: 'Confirming on Blockchain',
  verified: 'Blockchain Confirmed',
  completed: 'Blockchain Confirmed',
  failed: 'Failed',
};

const tones = { initiated: 'gold', pending: 'info', verified: 'money', completed: 'money', failed: 'danger' } as const;
const icons = { initiated: Wallet, pending: Clock, verified: CircleCheck, completed: CircleCheck, failed: CircleAlert };

/** docs/product-spec.md#secure-transaction: the four status texts. */
export function TransactionStatusBadge({ status, className }: { status: TransactionStatus; className?: string }) {
  const Icon = icons[status];
  return (
    <Badge tone={tones[status]} className={className} data-testid="transaction-status">
      <Icon aria-hidden className="h-3.5 w-3.5" />
      {labels[status]}
    </Badge>
  );
}
