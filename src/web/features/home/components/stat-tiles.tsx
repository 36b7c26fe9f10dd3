import { Activity, Coins, ListChecks, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '@web/components/card';
import { useMarketStats } from '../api/get-market-stats';

const number = new Intl.NumberFormat('en-US');

function Tile({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    // Phones stack the icon above the figure, so a figure like "0.1418" keeps the tile's whole width.
    <Card className="flex flex-col items-start gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
      <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-money-500/10 text-money-300 ring-1 ring-money-500/30">
        <Icon aria-hidden className="h-5 w-5" />
      </span>
      <div className="flex max-w-full min-w-0 flex-col-reverse">
        <p className="text-xs font-medium tracking-wide text-vault-400 uppercase">{label}</p>
        <p title={value} className="truncate text-xl font-bold text-vault-100 sm:text-2xl">
          {value}
        </p>
      </div>
    </Card>
  );
}

/** The four tiles appear once the stats load (docs/product-spec.md#home); nothing flashes zeros before that. */
export function StatTiles() {
  const { data } = useMarketStats();
  if (!data) return null;
  return (
    <section aria-label="Market statistics">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Tile icon={ListChecks} label="Addresses Listed" value={number.format(data.totalAddresses)} />
        <Tile icon={Activity} label="Volume Traded (SOL)" value={data.totalVolume} />
        <Tile icon={Users} label="Active Users" value={number.format(data.activeUsers)} />
        <Tile icon={Coins} label="Avg. Price (SOL)" value={data.avgPrice} />
      </div>
    </section>
  );
}
