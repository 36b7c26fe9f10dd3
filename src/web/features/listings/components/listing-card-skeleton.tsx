import { Card } from '@web/components/card';
import { Skeleton } from '@web/components/skeleton';
import { cn } from '@web/lib/cn';

/**
 * As tall as a ListingCard (badge row, address and its line, price block), so the card that replaces it moves
 * nothing (docs/decisions/0014-first-paint.md). `withActions`: the card's header row holds a button (the
 * marketplace star); `hidden`: keeps the space of a card past the visible skeletons.
 */
export function ListingCardSkeleton({
  withActions = false,
  hidden = false,
}: {
  withActions?: boolean;
  hidden?: boolean;
}) {
  return (
    <Card
      data-testid={hidden ? undefined : 'listing-card-skeleton'}
      aria-hidden={hidden || undefined}
      className={cn('flex flex-col gap-4 p-5', hidden && 'invisible')}
    >
      <Skeleton className={cn('w-24', withActions ? 'h-[34px]' : 'h-[22px]')} />
      <div>
        <Skeleton className="h-7 w-3/4" />
        <Skeleton className="mt-1 h-4 w-1/2" />
      </div>
      <div className="flex items-end justify-between">
        <Skeleton className="h-[43px] w-24" />
        <Skeleton className="h-9 w-16" />
      </div>
    </Card>
  );
}
