import { RARITY_TIERS, RARITY_TIER_VALUES } from '@shared/api/search-filters';
import { CATEGORIES } from '@shared/domain-values';
import type { ReactNode } from 'react';
import { Button } from '@web/components/button';
import { Select } from '@web/components/select';
import { categoryLabel } from '@web/features/listings';
import type { MarketplaceView } from '../url-state';
import { PriceBoundInput } from './price-bound-input';

type Filters = Pick<MarketplaceView, 'pos' | 'category' | 'minLen' | 'maxLen' | 'minPrice' | 'maxPrice' | 'tier'>;

/** Pattern lengths offered as one choice each; a range from a link that is none of them is shown as itself. */
const LENGTHS: { label: string; minLen?: number; maxLen?: number }[] = [
  { label: 'Any length' },
  { label: '1–3', minLen: 1, maxLen: 3 },
  ...[4, 5, 6, 7].map((n) => ({ label: `${n} characters`, minLen: n, maxLen: n })),
  { label: '8 or more', minLen: 8 },
];
const lengthKey = (minLen?: number, maxLen?: number) => `${minLen ?? ''}-${maxLen ?? ''}`;

function Labeled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-vault-300">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The marketplace's filters beyond the spec's search box (issue 20). */
export function FilterBar({
  view,
  onChange,
  onClear,
  active,
}: {
  view: Filters;
  onChange: (change: Partial<Filters>) => void;
  onClear: () => void;
  active: boolean;
}) {
  const currentLength = lengthKey(view.minLen, view.maxLen);
  const lengths = LENGTHS.some((l) => lengthKey(l.minLen, l.maxLen) === currentLength)
    ? LENGTHS
    : [...LENGTHS, { label: `${view.minLen ?? 1}–${view.maxLen ?? 44}`, minLen: view.minLen, maxLen: view.maxLen }];
  return (
    <section
      aria-label="Filters"
      className="mb-4 grid grid-cols-2 items-end gap-3 sm:grid-cols-3 lg:grid-cols-[repeat(4,minmax(0,6fr))_repeat(2,minmax(0,4fr))_auto]"
    >
      <Labeled id="filter-position" label="Pattern position">
        <Select
          id="filter-position"
          className="h-9"
          value={view.pos}
          onChange={(e) => onChange({ pos: e.target.value as Filters['pos'] })}
        >
          <option value="anywhere">Anywhere</option>
          <option value="start">Starts with</option>
          <option value="end">Ends with</option>
        </Select>
      </Labeled>
      <Labeled id="filter-category" label="Category">
        <Select
          id="filter-category"
          className="h-9 capitalize"
          value={view.category ?? ''}
          onChange={(e) => onChange({ category: (e.target.value || undefined) as Filters['category'] })}
        >
          <option value="">All categories</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {categoryLabel(c)}
            </option>
          ))}
        </Select>
      </Labeled>
      <Labeled id="filter-length" label="Pattern length">
        <Select
          id="filter-length"
          className="h-9"
          value={currentLength}
          onChange={(e) => {
            const choice = lengths.find((l) => lengthKey(l.minLen, l.maxLen) === e.target.value);
            onChange({ minLen: choice?.minLen, maxLen: choice?.maxLen });
          }}
        >
          {lengths.map((l) => (
            <option key={lengthKey(l.minLen, l.maxLen)} value={lengthKey(l.minLen, l.maxLen)}>
              {l.label}
            </option>
          ))}
        </Select>
      </Labeled>
      <Labeled id="filter-tier" label="Rarity tier">
        <Select
          id="filter-tier"
          className="h-9"
          value={view.tier ?? ''}
          onChange={(e) => onChange({ tier: (e.target.value || undefined) as Filters['tier'] })}
        >
          <option value="">All tiers</option>
          {RARITY_TIER_VALUES.map((t) => (
            <option key={t} value={t}>
              {RARITY_TIERS[t].label}
            </option>
          ))}
        </Select>
      </Labeled>
      <PriceBoundInput
        id="filter-min-price"
        label="Min price"
        value={view.minPrice}
        onChange={(minPrice) => onChange({ minPrice })}
      />
      <PriceBoundInput
        id="filter-max-price"
        label="Max price"
        value={view.maxPrice}
        onChange={(maxPrice) => onChange({ maxPrice })}
      />
      {active && (
        <Button variant="ghost" size="sm" className="col-span-2 h-9 justify-self-start sm:col-span-1" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </section>
  );
}
