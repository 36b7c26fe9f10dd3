import type { ReactNode } from 'react';

/**
 * A chart's SVG: `width`×`height` user units stretched to the full width of the box, its height set by `className`,
 * and read out as one image named by `label`.
 */
export function ChartSvg({
  width,
  height,
  label,
  className,
  children,
}: {
  width: number;
  height: number;
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      className={`${className} w-full overflow-visible`}
    >
      {children}
    </svg>
  );
}

/** The price line: 2 px wide on screen however far the box stretches it. */
export function ChartLine({ d }: { d: string }) {
  return <path d={d} fill="none" stroke="rgb(52 211 153)" strokeWidth="2" vectorEffect="non-scaling-stroke" />;
}
