import type { PatternPosition } from '@shared/domain-values';

/** A pattern as the bell and the pages say it: `sol…` (prefix), `…sol` (suffix), `…sol…` (anywhere). */
export function describePattern(p: { pattern: string | null; position: PatternPosition | null }): string {
  const text = p.pattern ?? '';
  if (p.position === 'prefix') return `${text}…`;
  if (p.position === 'suffix') return `…${text}`;
  return `…${text}…`;
}
