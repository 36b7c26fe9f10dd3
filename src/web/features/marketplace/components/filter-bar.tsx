import { RARITY_TIERS, RARITY_TIER_VALUES } from '@shared/api/search-filter-values';
import { CATEGORIES } from '@shared/domain-values';
import { Button } from '@web/components/button';
import { Field } from '@web/components/input';
import { Select } from '@web/components/select';
import { categoryLabel } from '@web/features/listings';
import { cn } from '@web/lib/cn';
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

interface Choice<T extends string> {
  value: T;
  label: string;
}

/** A select filter's fixed part; its value and change handler come from the view. */
interface SelectFilter<T extends string> {
  id: string;
  label: string;
  choices: Choice<T>[];
  /** For a filter that can be off: the label of the first choice, which is no value (undefined). */
  all?: string;
  className?: string;
}

const POSITION: SelectFilter<Filters['pos']> = {
  id: 'filter-position',
  label: 'Pattern position',
  choices: [
    { value: 'anywhere', label: 'Anywhere' },
    { value: 'start', label: 'Starts with' },
    { value: 'end', label: 'Ends with' },
  ],
};
const CATEGORY: SelectFilter<NonNullable<Filters['category']>> = {
  id: 'filter-category',
  label: 'Category',
  className: 'capitalize',
  all: 'All categories',
  choices: CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) })),
};
const TIER: SelectFilter<NonNullable<Filters['tier']>> = {
  id: 'filter-tier',
  label: 'Rarity tier',
  all: 'All tiers',
  choices: RARITY_TIER_VALUES.map((t) => ({ value: t, label: RARITY_TIERS[t].label })),
};

function FilterSelect<T extends string>({
  id,
  label,
  choices,
  all,
  className,
  value,
  onChange,
}: SelectFilter<T> & { value: T | undefined; onChange: (value: T | undefined) => void }) {
  return (
    <Field id={id} label={label} compact>
      <Select
        id={id}
        className={cn('h-9', className)}
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as T | undefined)}
      >
        {all !== undefined && <option value="">{all}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** The marketplace's filters beyond the spec's search box. */
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
      <FilterSelect {...POSITION} value={view.pos} onChange={(pos) => onChange({ pos })} />
      <FilterSelect {...CATEGORY} value={view.category} onChange={(category) => onChange({ category })} />
      <FilterSelect
        id="filter-length"
        label="Pattern length"
        choices={lengths.map((l) => ({ value: lengthKey(l.minLen, l.maxLen), label: l.label }))}
        value={currentLength}
        onChange={(key) => {
          const choice = lengths.find((l) => lengthKey(l.minLen, l.maxLen) === key);
          onChange({ minLen: choice?.minLen, maxLen: choice?.maxLen });
        }}
      />
      <FilterSelect {...TIER} value={view.tier} onChange={(tier) => onChange({ tier })} />
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
