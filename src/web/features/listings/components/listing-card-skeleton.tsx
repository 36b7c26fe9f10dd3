import { Card } from '@web/components/card';
import { Skeleton } from '@web/components/skeleton';

export function ListingCardSkeleton() {
  return (
    <Card data-testid="listing-card-skeleton" className="flex flex-col gap-4 p-5">
      <Skeleton className="h-5 w-24" />
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="h-3 w-1/2" />
      <div className="flex items-end justify-between">
        <Skeleton className="h-8 w-24" />
        <Skeleton className="h-8 w-16" />
      </div>
    </Card>
  );
}
