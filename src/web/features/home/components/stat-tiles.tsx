import { Activity, Coins, ListChecks, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '@web/components/card';
import { Skeleton } from '@web/components/skeleton';
import { useMarketStats } from '../api/get-market-stats';

const number = new Intl.NumberFormat('en-US');

/** `value` undefined: the stats are loading; a figure-sized skeleton holds the tile's height. */
function Tile({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string | undefined }) {
  return (
    // Phones stack the icon above the figure, so a figure like "0.1418" keeps the tile's whole width.
    <Card className="flex flex-col items-start gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
      <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-money-500/10 text-money-300 ring-1 ring-money-500/30">
        <Icon aria-hidden className="h-5 w-5" />
      </span>
      <div className="flex max-w-full min-w-0 flex-col-reverse">
        <p className="text-xs font-medium tracking-wide text-vault-400 uppercase">{label}</p>
        {value === undefined ? (
          <Skeleton className="my-0.5 h-6 w-16 sm:h-7" />
        ) : (
          <p title={value} className="truncate text-xl font-bold text-vault-100 sm:text-2xl">
            {value}
          </p>
        )}
      </div>
    </Card>
  );
}

/**
 * The four tiles (docs/product-spec.md#home). Until the stats load they show skeletons, never zeros, at their final
 * size, so the grid below does not move when the figures arrive (docs/decisions/0014-first-paint.md).
 */
export function StatTiles() {
  const { data, isError } = useMarketStats();
  if (isError) return null;
  return (
    <section aria-label="Market statistics" aria-busy={!data || undefined}>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Tile icon={ListChecks} label="Addresses Listed" value={data && number.format(data.totalAddresses)} />
        <Tile icon={Activity} label="Volume Traded (SOL)" value={data?.totalVolume} />
        <Tile icon={Users} label="Active Users" value={data && number.format(data.activeUsers)} />
        <Tile icon={Coins} label="Avg. Price (SOL)" value={data?.avgPrice} />
      </div>
    </section>
  );
}
