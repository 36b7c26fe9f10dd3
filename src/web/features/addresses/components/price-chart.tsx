import { useId } from 'react';
import type { PricePoint } from '@shared/api/price-history';
import { formatSolAmount } from '@shared/money';
import { ChartLine, ChartSvg } from '@web/components/line-chart';
import { Skeleton } from '@web/components/skeleton';
import { chartGeometry } from '@web/lib/chart-geometry';

const W = 600;
const H = 160;
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

export function PriceChart({
  points,
  currency,
  loading,
}: {
  points: PricePoint[] | undefined;
  currency: string;
  loading: boolean;
}) {
  const gradient = useId();
  if (loading) return <Skeleton className="h-44" />;
  const geometry = points ? chartGeometry(points, W, H) : null;
  if (!points || !geometry) return <p className="py-8 text-center text-sm text-vault-400">No price history yet.</p>;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const summary = `Price history: ${points.length} ${points.length === 1 ? 'price' : 'prices'}, from ${first.price} to ${last.price} ${currency}`;
  return (
    <figure>
      <ChartSvg width={W} height={H} label={summary} className="h-40">
        <defs>
          <linearGradient id={gradient} x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor="rgb(16 185 129)" stopOpacity="0.35" />
            <stop offset="100%" stopColor="rgb(16 185 129)" stopOpacity="0" />
          </linearGradient>
        </defs>
        {[0.25, 0.5, 0.75].map((f) => (
          <line
            key={f}
            x1="0"
            x2={W}
            y1={H * f}
            y2={H * f}
            stroke="rgb(42 54 85)"
            strokeDasharray="4 6"
            vectorEffect="non-scaling-stroke"
          />
        ))}
        <path d={geometry.area} fill={`url(#${gradient})`} />
        <ChartLine d={geometry.line} />
      </ChartSvg>
      <figcaption className="mt-2 flex justify-between text-xs text-vault-400">
        <span>{day.format(new Date(first.timestamp))}</span>
        <span>
          {points.every((p) => p.price === first.price)
            ? first.price
            : `${formatSolAmount(geometry.min)}–${formatSolAmount(geometry.max)}`}{' '}
          {currency}
        </span>
        <span>Now</span>
      </figcaption>
    </figure>
  );
}
