import type { OrderPatternBody } from '@shared/api/orders';
import { Checkbox } from '@web/components/checkbox';
import { Field, Input } from '@web/components/input';
import { Select } from '@web/components/select';

export interface PatternInput {
  pattern: string;
  position: 'prefix' | 'suffix';
  caseSensitive: boolean;
}

export const toBody = (p: PatternInput): OrderPatternBody => ({ ...p, pattern: p.pattern.trim() });

/** The pattern, where it goes, and whether case matters: the quote follows every keystroke. */
export function PatternForm({ value, onChange }: { value: PatternInput; onChange(next: PatternInput): void }) {
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
      <Field id="order-pattern" label="Pattern" hint="Base58 only: no 0, O, I or l. Short patterns are quick.">
        <Input
          id="order-pattern"
          value={value.pattern}
          maxLength={16}
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. Cafe"
          className="font-mono"
          onChange={(e) => onChange({ ...value, pattern: e.target.value })}
        />
      </Field>
      <Field id="order-position" label="Position">
        <Select
          id="order-position"
          value={value.position}
          onChange={(e) => onChange({ ...value, position: e.target.value as PatternInput['position'] })}
        >
          <option value="prefix">Starts with</option>
          <option value="suffix">Ends with</option>
        </Select>
      </Field>
      <Checkbox
        className="sm:col-span-2"
        checked={value.caseSensitive}
        onChange={(caseSensitive) => onChange({ ...value, caseSensitive })}
      >
        Case-sensitive (uncheck to accept any mix of upper and lower case: faster, cheaper)
      </Checkbox>
    </div>
  );
}
