import type { PurchaseStatus } from '@shared/api/transactions';
import { CircleAlert, CircleCheck, Clock, Undo2, Wallet } from 'lucide-react';
import { Badge } from '@web/components/badge';

const labels: Record<PurchaseStatus, string> = {
  initiated: 'Payment Required',
  pending: 'Confirming on Blockchain',
  verified: 'Blockchain Confirmed',
  completed: 'Blockchain Confirmed',
  failed: 'Failed',
};

const tones = { initiated: 'gold', pending: 'info', verified: 'money', completed: 'money', failed: 'danger' } as const;
const icons = { initiated: Wallet, pending: Clock, verified: CircleCheck, completed: CircleCheck, failed: CircleAlert };

/**
 * docs/product-spec.md#secure-transaction: the four status texts. A failed purchase whose payment settlement sent back
 * reads "Refunded" instead: nothing was lost (docs/domain.md#settlement).
 */
export function PurchaseStatusBadge({
  status,
  refunded = false,
  className,
}: {
  status: PurchaseStatus;
  /** isRefunded(transaction) */
  refunded?: boolean;
  className?: string;
}) {
  const asRefund = status === 'failed' && refunded;
  const Icon = asRefund ? Undo2 : icons[status];
  return (
    <Badge tone={asRefund ? 'gold' : tones[status]} className={className} data-testid="transaction-status">
      <Icon aria-hidden className="h-3.5 w-3.5" />
      {asRefund ? 'Refunded' : labels[status]}
    </Badge>
  );
}
