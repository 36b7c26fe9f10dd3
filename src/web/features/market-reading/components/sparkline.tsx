import type { MarketReadingDay } from '@shared/api/market-reading';
import { solStringToNumber } from '@shared/money';
import { ChartLine, ChartSvg } from '@web/components/line-chart';
import { lineGeometry } from '@web/lib/chart-geometry';

const W = 300;
const H = 48;

/**
 * The daily median sale price across the window, drawn like the address page's price chart. Only days with sales
 * are points (a quiet day set no price), each at its own place on the window's time axis.
 */
export function Sparkline({ days }: { days: MarketReadingDay[] }) {
  const series = days.flatMap((d, i) => (d.median === null ? [] : [{ t: i, v: solStringToNumber(d.median) }]));
  const sales = days.reduce((n, d) => n + d.sales, 0);
  const geometry = lineGeometry(series, W, H, { from: 0, to: days.length - 1 });
  if (!geometry) return <p className="text-xs text-vault-400">No sales in the last {days.length} days.</p>;
  return (
    <figure>
      <ChartSvg
        width={W}
        height={H}
        label={`Median sale price per day, last ${days.length} days: ${sales} ${sales === 1 ? 'sale' : 'sales'}`}
        className="h-12"
      >
        <line x1="0" x2={W} y1={H} y2={H} stroke="rgb(42 54 85)" vectorEffect="non-scaling-stroke" />
        <ChartLine d={geometry.line} />
        {/* A zero-length stroke with round caps: a dot that stays round however the box is stretched. */}
        <path
          d={geometry.dots.map((d) => `M${d.x.toFixed(1)},${d.y.toFixed(1)} l0,0`).join(' ')}
          stroke="rgb(110 231 183)"
          strokeWidth="6"
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
        />
      </ChartSvg>
      <figcaption className="mt-1 flex justify-between text-xs text-vault-400">
        <span>{days.length} days ago</span>
        <span>
          {sales} {sales === 1 ? 'sale' : 'sales'}
        </span>
        <span>Today</span>
      </figcaption>
    </figure>
  );
}
