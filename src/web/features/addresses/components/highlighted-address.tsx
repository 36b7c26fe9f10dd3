import { highlightRange } from '../highlight';

export function HighlightedAddress({
  address,
  pattern,
  position,
}: {
  address: string;
  pattern: string | null;
  position: string | null;
}) {
  const range = highlightRange(address, pattern, position);
  const cls = 'font-mono text-lg leading-relaxed font-semibold break-all text-vault-100 sm:text-2xl';
  if (!range) return <p className={cls}>{address}</p>;
  const [start, end] = range;
  return (
    <p className={cls}>
      {address.slice(0, start)}
      <mark className="rounded bg-money-500/20 px-0.5 text-money-300">{address.slice(start, end)}</mark>
      {address.slice(end)}
    </p>
  );
}
