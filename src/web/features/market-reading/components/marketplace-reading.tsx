import { useState } from 'react';
import { Card, CardContent } from '@web/components/card';
import { cn } from '@web/lib/cn';
import { MarketReadingPanel } from './market-reading-panel';

/** The marketplace's search positions, as its filter names them (start/end/anywhere). */
type SearchPosition = 'start' | 'end' | 'anywhere';

/**
 * The marketplace's reading, shown only while the filters name one class up to case: one pattern length
 * (min = max) placed at the start or the end. Otherwise the list below mixes classes, and a floor of one class would
 * not be the cheapest row the visitor sees, so nothing is shown. ("Anywhere" in the search means any place, not the
 * middle-only class.) Case is no marketplace filter, so it is a toggle here, case-sensitive first: listings are
 * ground that way unless told otherwise.
 */
export function MarketplaceReading({
  minLength,
  maxLength,
  position,
}: {
  minLength: number | undefined;
  maxLength: number | undefined;
  position: SearchPosition;
}) {
  const [caseSensitive, setCaseSensitive] = useState(true);
  if (minLength === undefined || minLength !== maxLength || position === 'anywhere') return null;
  const patternClass = {
    length: minLength,
    position: position === 'start' ? 'prefix' : 'suffix',
    caseSensitive,
  } as const;
  const toggle = (
    <div role="group" aria-label="Pattern case" className="flex rounded-lg border border-vault-700 p-0.5 text-xs">
      {[true, false].map((value) => (
        <button
          key={String(value)}
          type="button"
          aria-pressed={caseSensitive === value}
          onClick={() => setCaseSensitive(value)}
          className={cn(
            'rounded-md px-2 py-1',
            caseSensitive === value ? 'bg-vault-700 text-vault-100' : 'text-vault-300 hover:text-vault-100',
          )}
        >
          {value ? 'Case-sensitive' : 'Any case'}
        </button>
      ))}
    </div>
  );
  return (
    <Card className="mb-4">
      <CardContent className="p-4 sm:p-4">
        <MarketReadingPanel patternClass={patternClass} controls={toggle} />
      </CardContent>
    </Card>
  );
}
