import type { Bid } from '@shared/api/bids';
import { Gavel } from 'lucide-react';
import { EmptyState } from '@web/components/empty-state';
import { FetchError } from '@web/components/fetch-error';
import { SectionTitle } from '@web/components/section-title';
import { Skeleton } from '@web/components/skeleton';
import { toast } from '@web/components/toast-store';
import { useCancelBid } from '../api/cancel-bid';
import { useMyBids } from '../api/get-my-bids';
import { BidCard } from './bid-card';
import type { DepositTarget } from '../use-pay-deposit';

/** The signed-in wallet's bids. The page owns the one deposit payment, shared with "Place bid". */
export function MyBids({
  payingId,
  sentIds,
  onPay,
}: {
  payingId: string | null;
  sentIds: ReadonlySet<string>;
  onPay(target: DepositTarget): void;
}) {
  const bids = useMyBids(true);
  const cancel = useCancelBid();
  const onCancel = (bid: Bid) =>
    cancel.mutate(bid.id, {
      onSuccess: () =>
        toast({
          title: 'Bid cancelled',
          description: bid.fundedAt ? 'The deposit is on its way back to your wallet.' : undefined,
          variant: 'success',
        }),
      onError: (e) => toast({ title: 'Not cancelled', description: e.message, variant: 'error' }),
    });
  return (
    <section aria-labelledby="my-bids" className="flex flex-col gap-4">
      <SectionTitle id="my-bids" title="My bids" count={bids.data?.bids.length} />
      {bids.isPending ? (
        <Skeleton className="h-32" />
      ) : bids.isError ? (
        <FetchError what="your bids" error={bids.error} />
      ) : bids.data.bids.length === 0 ? (
        <EmptyState titleAs="h3" icon={Gavel} title="No bids yet" description="Bid on a pattern above." />
      ) : (
        <ul className="grid items-start gap-4 *:min-w-0 lg:grid-cols-2">
          {bids.data.bids.map((bid) => (
            <BidCard
              key={bid.id}
              bid={bid}
              cancelling={cancel.isPending && cancel.variables === bid.id}
              onCancel={() => onCancel(bid)}
              deposit={{
                paying: payingId === bid.id,
                sent: sentIds.has(bid.id),
                onPay: () => bid.payment && onPay({ id: bid.id, payment: bid.payment }),
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
