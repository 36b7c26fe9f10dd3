import { MAX_BID_PATTERN_LENGTH, type PatternFields } from '@shared/api/bids';
import { PATTERN_POSITIONS } from '@shared/domain-values';
import { Checkbox } from '@web/components/checkbox';
import { Field, Input } from '@web/components/input';
import { Select } from '@web/components/select';
import { ExpirySelect, type ExpiryDays } from './expiry-select';
import { positionLabel } from './pattern-text';

export interface BidInput {
  pattern: string;
  position: PatternFields['position'];
  caseSensitive: boolean;
  maxPrice: string;
  expiryDays: ExpiryDays;
  grindIfMissing: boolean;
}

export const EMPTY_BID: BidInput = {
  pattern: '',
  position: 'prefix',
  caseSensitive: false,
  maxPrice: '',
  expiryDays: 7,
  grindIfMissing: false,
};

/** The pattern part of the form, as the quote and a watch take it. */
export const patternOfInput = (input: BidInput): PatternFields => ({
  pattern: input.pattern.trim(),
  position: input.position,
  caseSensitive: input.caseSensitive,
});

/** The bid: a pattern, where it sits, whether case matters, the most it pays and how long it stands. */
export function BidForm({
  value,
  onChange,
  priceError,
}: {
  value: BidInput;
  onChange(next: BidInput): void;
  priceError?: string;
}) {
  const set = (patch: Partial<BidInput>) => onChange({ ...value, ...patch });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="bid-pattern" label="Pattern" hint="Base58 only: no 0, O, I or l.">
        <Input
          id="bid-pattern"
          value={value.pattern}
          maxLength={MAX_BID_PATTERN_LENGTH}
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. Cafe"
          className="font-mono"
          onChange={(e) => set({ pattern: e.target.value })}
        />
      </Field>
      <Field id="bid-position" label="Position">
        <Select
          id="bid-position"
          value={value.position}
          onChange={(e) => set({ position: e.target.value as BidInput['position'] })}
        >
          {PATTERN_POSITIONS.map((position) => (
            <option key={position} value={position}>
              {positionLabel(position)}
            </option>
          ))}
        </Select>
      </Field>
      <Checkbox
        className="sm:col-span-2"
        checked={value.caseSensitive}
        onChange={(caseSensitive) => set({ caseSensitive })}
      >
        Case-sensitive (unchecked, any mix of upper and lower case matches: far more addresses)
      </Checkbox>
      <Field id="bid-max-price" label="Max price (SOL)" hint="The most you pay for one address." error={priceError}>
        <Input
          id="bid-max-price"
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 0.5"
          value={value.maxPrice}
          aria-invalid={priceError ? true : undefined}
          aria-describedby={priceError ? 'bid-max-price-error' : 'bid-max-price-hint'}
          onChange={(e) => set({ maxPrice: e.target.value })}
        />
      </Field>
      <ExpirySelect id="bid-expiry" value={value.expiryDays} onChange={(expiryDays) => set({ expiryDays })} />
      {value.position !== 'anywhere' && (
        <Checkbox
          className="sm:col-span-2"
          checked={value.grindIfMissing}
          onChange={(grindIfMissing) => set({ grindIfMissing })}
        >
          Grind it if nothing is listed (when the grind costs no more than your max price, paid from your deposit)
        </Checkbox>
      )}
    </div>
  );
}
