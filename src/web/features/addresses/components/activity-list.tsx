import type { ActivityEvent } from '@shared/api/activity';
import { shortenAddress } from '@shared/format/address';
import { ExternalLink } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Badge } from '@web/components/badge';
import { FetchError } from '@web/components/fetch-error';
import { Skeleton } from '@web/components/skeleton';
import { useExplorer } from '@web/lib/use-explorer';
import { useActivity } from '../api/get-activity';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

type Tone = NonNullable<ComponentProps<typeof Badge>['tone']>;
const KINDS: Record<ActivityEvent['kind'], { label: string; tone: Tone }> = {
  listed: { label: 'Listed', tone: 'info' },
  repriced: { label: 'Repriced', tone: 'neutral' },
  // A web checkout opened and ended: a notice while it lasted, never a lock (docs/domain.md#settlement).
  reserved: { label: 'Checkout', tone: 'info' },
  released: { label: 'Checkout ended', tone: 'neutral' },
  sold: { label: 'Sold', tone: 'money' },
  // Before escrow only: nothing writes it any more.
  refund_due: { label: 'Late payment', tone: 'danger' },
};

function detail(e: ActivityEvent): string {
  const price = `${e.price} ${e.currency}`;
  switch (e.kind) {
    case 'listed':
      return `for ${price}`;
    case 'repriced':
      return e.previousPrice === null ? `to ${price}` : `from ${e.previousPrice} to ${price}`;
    case 'reserved':
      return `a buyer checked out at ${price}`;
    case 'released':
      return 'unpaid';
    case 'sold':
      return `for ${price}`;
    case 'refund_due':
      return `a payment of ${price} reached the seller's wallet after the purchase had failed (before escrow)`;
  }
}

/**
 * The listing's activity, newest first: each event with its time and, for a payment, its transaction on the
 * explorer. It says what happened, never who (the API carries no buyer).
 */
export function ActivityList({ listingId }: { listingId: string }) {
  const activity = useActivity(listingId);
  const explorer = useExplorer();
  if (activity.isPending) {
    return (
      <div className="flex flex-col gap-2">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  }
  if (activity.isError) return <FetchError what="the activity" error={activity.error} />;
  return (
    <ol className="flex flex-col divide-y divide-vault-800" data-testid="activity-list">
      {activity.data.events.map((e, i) => {
        const kind = KINDS[e.kind];
        return (
          <li key={`${e.kind}-${e.at}-${i}`} data-kind={e.kind} className="flex flex-col gap-1 py-2.5 text-sm">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Badge tone={kind.tone}>{kind.label}</Badge>
              <span className="text-vault-200">{detail(e)}</span>
            </div>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-vault-400">
              <time dateTime={e.at}>{when.format(new Date(e.at))}</time>
              {e.signature && (
                <a
                  href={explorer.tx(e.signature)}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={e.signature}
                  aria-label={`${kind.label} transaction ${shortenAddress(e.signature, 6, 6)} on Solana Explorer (opens in a new tab)`}
                  className="inline-flex items-center gap-1 rounded font-mono text-sky-300 hover:text-sky-200"
                >
                  {shortenAddress(e.signature, 6, 6)}
                  <ExternalLink aria-hidden className="h-3 w-3" />
                </a>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
