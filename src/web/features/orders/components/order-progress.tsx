import type { Order } from '@shared/api/orders';
import { KeyRound } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@web/components/badge';
import { Button, buttonClass } from '@web/components/button';
import { humanCount, humanDuration } from '@web/features/validator';
import { useExplorer } from '@web/lib/use-explorer';
import { ExplorerLink } from '@web/components/explorer-link';
import { ReceiptDownloads } from '@web/features/receipts';
import { DeadlineNote } from './order-payment';

const STATUS: Record<Order['status'], { label: string; tone: 'neutral' | 'money' | 'info' | 'gold' | 'danger' }> = {
  'awaiting-payment': { label: 'Waiting for payment', tone: 'neutral' },
  queued: { label: 'Queued', tone: 'neutral' },
  grinding: { label: 'Grinding', tone: 'info' },
  found: { label: 'Found', tone: 'money' },
  purchased: { label: 'Purchased', tone: 'gold' },
  delivered: { label: 'Delivered', tone: 'gold' },
  expired: { label: 'Reservation expired', tone: 'neutral' },
  refunded: { label: 'Refunded', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'danger' },
};

/**
 * An order's progress. The bar is the chance a match has been found by now, 1 − (1 − p)^attempts: grinding is
 * memoryless, so it never promises "almost done", and the ETA stays the full expected time from now.
 */
export function OrderProgress({
  order,
  onCancel,
  cancelling,
}: {
  order: Order;
  onCancel(): void;
  cancelling: boolean;
}) {
  // A paid-up-front order expires unpaid; only a wallet-lane order has a reservation to lapse.
  const status =
    order.status === 'expired' && order.lane !== 'wallet'
      ? { label: 'Expired unpaid', tone: 'neutral' as const }
      : STATUS[order.status];
  const percent = Math.min(100, order.chanceFoundByNow * 100);
  const active = order.status === 'queued' || order.status === 'grinding';
  // A split-key or seed-derived order's address is shown with its proof by the page (DeliveredAddress), not here.
  const walletLane = order.lane === 'wallet';
  return (
    <div className="flex flex-col gap-4" data-testid="order-progress">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-lg text-vault-100">
          {order.position === 'prefix' ? `${order.pattern}…` : `…${order.pattern}`}
        </span>
        <Badge tone={status.tone} data-testid="order-status">
          {status.label}
        </Badge>
        <span className="ml-auto text-sm text-vault-300">{order.price} SOL</span>
      </div>
      <div>
        <div className="mb-1 flex justify-between text-xs text-vault-300">
          <span>Chance found by now</span>
          <span data-testid="order-chance">{percent.toFixed(percent < 10 ? 1 : 0)}%</span>
        </div>
        <div
          role="progressbar"
          aria-label="Chance found by now"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
          className="h-3 overflow-hidden rounded-full bg-vault-800 ring-1 ring-inset ring-vault-700"
        >
          <div
            className="h-full rounded-full bg-money-500 transition-[width] duration-500"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <Fact label="Attempts" value={humanCount(order.attempts)} id="order-attempts" />
        <Fact label="Rate" value={order.keysPerSecond ? `${humanCount(order.keysPerSecond)}/s` : '—'} id="order-rate" />
        <Fact label="Expected" value={`${humanCount(order.expectedAttempts)} keys`} id="order-expected" />
        <Fact
          label={order.status === 'queued' ? 'Place in queue' : 'ETA'}
          value={
            order.status === 'queued'
              ? `${(order.queuePosition ?? 0) + 1}`
              : active && order.etaSeconds !== null
                ? `~${humanDuration(order.etaSeconds)}`
                : '—'
          }
          id="order-eta"
        />
      </dl>
      {order.status === 'queued' && order.waitedPastEta && (
        <p role="status" className="text-sm text-gold-300" data-testid="order-overdue">
          {order.queuePosition
            ? `Waiting longer than quoted: ${order.queuePosition} order${order.queuePosition === 1 ? ' is' : 's are'} ahead of yours.`
            : 'Waiting longer than quoted: yours is next.'}{' '}
          Every wallet's first order is ground before anyone's second.
        </p>
      )}
      {order.closedReason && (
        <p role="status" className="text-sm text-vault-300" data-testid="order-closed-reason">
          {order.closedReason}
        </p>
      )}
      {active && (
        <p className="text-xs text-vault-400">
          Every key is a fresh random draw, so the expected time from now stays the same however long it has run.
        </p>
      )}
      {active && order.deadline && <DeadlineNote deadline={order.deadline} />}
      {order.status === 'refunded' && <Refunded order={order} />}
      {walletLane && order.address && (
        <div className="flex flex-col gap-2 rounded-xl bg-vault-950/60 p-4 ring-1 ring-money-500/30">
          <p className="text-sm text-vault-300">
            {order.status === 'purchased'
              ? 'Bought: this address and its key are yours.'
              : order.status === 'expired'
                ? // True whether or not someone has bought it since: the address page says which.
                  'Found, then put on open sale:'
                : 'Your address is ready, sealed in the vault since the moment it was found:'}
          </p>
          <p className="break-all font-mono text-money-300" data-testid="order-address">
            {order.address}
          </p>
          {order.status === 'found' && order.reservedUntil && (
            <p className="text-xs text-vault-400">
              Reserved for your wallet until {new Date(order.reservedUntil).toLocaleString()}, then on open sale.
            </p>
          )}
          {(order.status === 'found' || order.status === 'expired') && (
            <Link
              to={`/address/${encodeURIComponent(order.address)}`}
              className={buttonClass('primary', 'md', 'self-start')}
            >
              {order.status === 'found' ? 'Buy it now' : 'View the address'}
            </Link>
          )}
          {order.status === 'purchased' && (
            <div className="flex flex-wrap gap-2">
              {/* The key is revealed (or destroyed) from the purchase, as after any other sale. */}
              {order.purchaseId ? (
                <Link
                  to={`/secure-transaction/${encodeURIComponent(order.purchaseId)}`}
                  className={buttonClass('primary', 'md', 'self-start')}
                >
                  <KeyRound aria-hidden className="h-4 w-4" /> Reveal the key
                </Link>
              ) : (
                <Link to="/profile" className={buttonClass('primary', 'md', 'self-start')}>
                  Your purchases
                </Link>
              )}
              <Link
                to={`/address/${encodeURIComponent(order.address)}`}
                className={buttonClass('secondary', 'md', 'self-start')}
              >
                View the address
              </Link>
            </div>
          )}
          {order.status === 'purchased' && order.purchaseId && <ReceiptDownloads transactionId={order.purchaseId} />}
        </div>
      )}
      {(active || order.status === 'awaiting-payment') && (
        <Button variant="secondary" className="self-start" loading={cancelling} onClick={onCancel}>
          Cancel order
        </Button>
      )}
    </div>
  );
}

function Refunded({ order }: { order: Order }) {
  const explorer = useExplorer();
  return (
    <div role="status" className="flex flex-col gap-1 text-sm text-vault-300" data-testid="order-refunded">
      <p>
        Nothing was found by the deadline{order.deadline ? ` (${new Date(order.deadline).toLocaleString()})` : ''}: your
        payment went back to your wallet.
      </p>
      {order.refundSignatures.map((signature) => (
        <p key={signature}>
          Refund: <ExplorerLink value={signature} href={explorer.tx(signature)} what="Refund transaction" />
        </p>
      ))}
    </div>
  );
}

function Fact({ label, value, id }: { label: string; value: string; id: string }) {
  return (
    <div className="rounded-lg bg-vault-950/50 px-3 py-2 ring-1 ring-vault-800">
      <dt className="text-xs text-vault-400">{label}</dt>
      <dd className="font-medium text-vault-100" data-testid={id}>
        {value}
      </dd>
    </div>
  );
}
