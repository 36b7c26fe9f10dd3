import type { ShopPeriod, ShopStats } from '@shared/api/shop';
import { lamportsToSolString } from '@shared/money';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/card';
import { FetchError } from '@web/components/fetch-error';
import { PageHeader } from '@web/components/page-header';
import { AdminGate } from '@web/features/wallet';
import { useShopStats } from '../api/get-shop-stats';
import { Figure } from '../components/figure';

const count = new Intl.NumberFormat('en-US');
const rate = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
/** Refunds are the ones settlement made and saw land: what went back to the wallets that paid. */
const refunded = (lamports: string) => `${lamportsToSolString(BigInt(lamports))} SOL back`;

/**
 * The admin's view of the shop: sales, the refunds settlement made, open reservations and the
 * grind queue.
 */
export function ShopPage() {
  return (
    <AdminGate
      walletRequired="Connect an admin wallet to see how the shop is doing."
      restricted="The shop figures are for admin wallets only."
    >
      {() => <ShopFigures />}
    </AdminGate>
  );
}

function ShopFigures() {
  const stats = useShopStats();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeader title="Shop" subtitle="Sales, refunds, open reservations and the grind queue." />
      {stats.error ? <FetchError what="the shop figures" error={stats.error} /> : null}
      {stats.data ? <Figures stats={stats.data} /> : stats.isPending ? <p role="status">Loading the figures…</p> : null}
    </div>
  );
}

function Figures({ stats }: { stats: ShopStats }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <PeriodCard title="Today (UTC)" period={stats.today} />
        <PeriodCard title="Last 30 days" period={stats.last30Days} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Right now</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Figure label="Open reservations" value={count.format(stats.openReservations)} />
            <Figure
              label="Refunds to date"
              value={count.format(stats.refunds)}
              detail={refunded(stats.refundedLamports)}
            />
            <Figure label="Grind queue" value={`${count.format(stats.grindQueue)} orders`} />
            <Figure label="Grind rate" value={`${rate.format(stats.grindRate)} keys/s`} />
          </dl>
          <p className="mt-4 text-xs text-vault-300">
            Updated {new Date(stats.generatedAt).toLocaleTimeString('en-US')} · {count.format(stats.rpcErrors)} RPC
            errors since the server started
          </p>
        </CardContent>
      </Card>
    </>
  );
}

function PeriodCard({ title, period }: { title: string; period: ShopPeriod }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-3 gap-4">
          <Figure label="Sales" value={count.format(period.sales)} />
          <Figure label="Volume" value={`${lamportsToSolString(BigInt(period.salesLamports))} SOL`} />
          <Figure label="Refunds" value={count.format(period.refunds)} detail={refunded(period.refundedLamports)} />
        </dl>
      </CardContent>
    </Card>
  );
}
