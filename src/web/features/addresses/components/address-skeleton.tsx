import { Card, CardContent } from '@web/components/card';
import { Skeleton } from '@web/components/skeleton';

export function AddressSkeleton() {
  return (
    <div aria-busy aria-label="Loading address" data-testid="address-skeleton" className="flex flex-col gap-6">
      <Skeleton className="h-4 w-40" />
      <Card>
        <CardContent className="flex flex-col gap-5">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-12 w-40" />
        </CardContent>
      </Card>
      <Skeleton className="h-56" />
    </div>
  );
}
