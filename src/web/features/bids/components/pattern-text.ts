import type { PatternFields } from '@shared/api/bids';

const WHERE: Record<PatternFields['position'], string> = {
  prefix: 'Starts with',
  suffix: 'Ends with',
  anywhere: 'Contains',
};

/** "Starts with Ab (any case)": how a bid's or watch's pattern reads in a list. */
export function patternText({ pattern, position, caseSensitive }: PatternFields): string {
  return `${WHERE[position]} ${pattern}${caseSensitive ? '' : ' (any case)'}`;
}

export const positionLabel = (position: PatternFields['position']) => WHERE[position];
