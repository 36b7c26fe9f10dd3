import type { Order } from '@shared/api/orders';
import { lamportsToSolString } from '@shared/money';
import { Button } from '@web/components/button';
import { CopyableExplorerLink } from '@web/components/explorer-link';
import { useExplorer } from '@web/lib/use-explorer';
import { usePayOrder } from '../use-pay-order';

/**
 * A paid-up-front order waiting for its deposit: how much, into which escrow (the order's own), and until when the
 * shop searches before refunding it.
 */
export function OrderPayment({ order }: { order: Order }) {
  const pay = usePayOrder(order);
  const explorer = useExplorer();
  if (order.status !== 'awaiting-payment' || !order.payment) return null;
  const sol = lamportsToSolString(BigInt(order.payment.lamports));
  return (
    <div
      className="flex flex-col gap-3 rounded-xl bg-vault-950/60 p-4 ring-1 ring-sky-500/30"
      data-testid="order-payment"
    >
      <p className="text-sm text-vault-200">
        Pay <strong className="text-money-300">{sol} SOL</strong> into this order's own escrow. The shop starts
        searching once it sees the payment.
      </p>
      <p className="text-sm text-vault-300">
        Escrow:{' '}
        <CopyableExplorerLink
          value={order.payment.recipient}
          href={explorer.address(order.payment.recipient)}
          what="Escrow"
        />
      </p>
      {order.deadline && <DeadlineNote deadline={order.deadline} />}
      {pay.isSuccess ? (
        <p role="status" className="text-sm text-sky-300" data-testid="payment-sent">
          Payment sent. Waiting for the shop to see it in the escrow…
        </p>
      ) : (
        <Button className="w-full sm:w-auto sm:self-start" loading={pay.isPending} onClick={() => pay.mutate()}>
          Pay {sol} SOL from my wallet
        </Button>
      )}
    </div>
  );
}

export function DeadlineNote({ deadline }: { deadline: string }) {
  return (
    <p className="text-xs text-vault-400" data-testid="order-deadline">
      If nothing is found by {new Date(deadline).toLocaleString()}, your payment goes back to your wallet automatically.
    </p>
  );
}
