import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { addressPath } from '@web/features/listings';
import type { PatternClass } from '@shared/pattern-keys';
import { Skeleton } from '@web/components/skeleton';
import { usePatternClass } from '../api/get-pattern-class';
import { describeClass } from '../describe-class';
import { Sparkline } from './sparkline';

const date = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const sol = (value: string) => `${value} SOL`;

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-vault-400">{label}</dt>
      <dd className="truncate text-sm font-semibold text-vault-100">{children}</dd>
    </div>
  );
}

/** Floor, best bid, last sale and 30 days of sales of one pattern class; `controls` sit beside the title. */
export function MarketReadingPanel({ patternClass, controls }: { patternClass: PatternClass; controls?: ReactNode }) {
  const { data, isPending, isError } = usePatternClass(patternClass);
  return (
    <section aria-label="Market reading" data-testid="market-reading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-vault-300">{describeClass(patternClass)}</p>
        {controls}
      </div>
      {isError ? (
        <p className="text-sm text-vault-400">The market reading could not be loaded.</p>
      ) : isPending ? (
        <Skeleton className="h-24" />
      ) : (
        <>
          <dl className="grid grid-cols-3 gap-3">
            <Figure label="Floor">
              {data.floor ? (
                <Link
                  to={addressPath(data.floor.address)}
                  title={data.floor.address}
                  className="text-money-300 underline-offset-2 hover:underline"
                >
                  {sol(data.floor.price)}
                </Link>
              ) : (
                '—'
              )}
            </Figure>
            <Figure label="Best bid">{data.bestBid ? sol(data.bestBid) : '—'}</Figure>
            <Figure label="Last sale">
              {data.lastSale ? (
                <span title={new Date(data.lastSale.at).toLocaleString()}>
                  {sol(data.lastSale.price)}
                  <span className="block text-xs font-normal text-vault-400">
                    {date.format(new Date(data.lastSale.at))}
                  </span>
                </span>
              ) : (
                '—'
              )}
            </Figure>
          </dl>
          <Sparkline days={data.history} />
        </>
      )}
    </section>
  );
}
