import { cn } from '@web/lib/cn';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-lg bg-vault-800', className)} />;
}

/**
 * A profile section's placeholder while its list loads: one card on a phone, two side by side from `md`, each about
 * the height of what usually replaces it (a card, or the section's empty state, both 240–280 px). At 176 px the
 * sections below moved down by up to 100 px when the answer came.
 */
export function CardGridSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Skeleton className="h-60" />
      <Skeleton className="hidden h-60 md:block" />
    </div>
  );
}
