/**
 * Where the listing's pattern sits in its address, to highlight it: at the end for a suffix, else the first
 * match (case-insensitive, as the rarity model counts either case). Null when the pattern is not in it.
 */
export function highlightRange(
  address: string,
  pattern: string | null,
  position?: string | null,
): [number, number] | null {
  if (!pattern) return null;
  const a = address.toLowerCase();
  const p = pattern.toLowerCase();
  const at = position === 'suffix' && a.endsWith(p) ? a.length - p.length : a.indexOf(p);
  return at < 0 ? null : [at, at + p.length];
}
