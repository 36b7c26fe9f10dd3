import { solStringToNumber } from '@shared/money';
import type { PricePoint } from '@shared/api/price-history';

export interface ChartGeometry {
  line: string;
  area: string;
  dots: Array<{ x: number; y: number }>;
  min: number;
  max: number;
}

/** A point of a line: `t` places it across (a time in ms), `v` up (a price). */
export interface SeriesPoint {
  t: number;
  v: number;
}

/**
 * SVG coordinates for a line through `series` (oldest first) in a `width`×`height` box: the address page's price
 * chart and the market reading's sparkline draw the same way. Across, the box spans `domain` (default: the series'
 * own first and last `t`). A flat series gets a band around its value instead of a zero-height range.
 */
export function lineGeometry(
  series: readonly SeriesPoint[],
  width: number,
  height: number,
  domain?: { from: number; to: number },
): ChartGeometry | null {
  if (series.length === 0) return null;
  const values = series.map((s) => s.v);
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (max === min) {
    const pad = max === 0 ? 1 : max * 0.1;
    min -= pad;
    max += pad;
  }
  const t0 = domain?.from ?? series[0]!.t;
  const span = Math.max(1, (domain?.to ?? series[series.length - 1]!.t) - t0);
  const x = (t: number) => ((t - t0) / span) * width;
  const y = (v: number) => height - ((v - min) / (max - min)) * height;
  const coords = series.map((s) => ({ x: x(s.t), y: y(s.v) }));
  const line = coords.map((c, i) => `${i ? 'L' : 'M'}${c.x.toFixed(1)},${c.y.toFixed(1)}`).join(' ');
  return { line, area: `${line} L${width},${height} L0,${height} Z`, dots: coords, min: Math.max(0, min), max };
}

/**
 * SVG coordinates for a step-free price line in a `width`×`height` box. The price holds until now, so the last
 * price is carried to `now`.
 */
export function chartGeometry(
  points: PricePoint[],
  width: number,
  height: number,
  now = Date.now(),
): ChartGeometry | null {
  if (points.length === 0) return null;
  const series = points.map((p) => ({ t: Date.parse(p.timestamp), v: solStringToNumber(p.price) }));
  const last = series[series.length - 1]!;
  if (now > last.t) series.push({ t: now, v: last.v });
  const geometry = lineGeometry(series, width, height)!;
  return { ...geometry, dots: geometry.dots.slice(0, points.length) };
}
