import { searchFilterFields } from '@shared/api/search-filters';
import { useState } from 'react';
import { Field, Input } from '@web/components/input';

/**
 * A price bound in SOL. It is applied when the field is left or Enter is pressed (not per keystroke, which would
 * search for "1" on the way to "15"); text that is not an amount is marked and not applied.
 */
export function PriceBoundInput({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  // The URL changed from outside (back/forward, Clear filters): show its value.
  if (value !== shown) {
    setShown(value);
    setText(value ?? '');
  }
  const parsed = searchFilterFields.minPrice.safeParse(text);
  const invalid = text.trim() !== '' && !parsed.success;
  const apply = () => {
    if (invalid) return;
    const next = parsed.success ? parsed.data : undefined;
    if (next === value) return;
    setShown(next);
    onChange(next);
  };
  return (
    <Field id={id} label={label} compact>
      <Input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        placeholder="SOL"
        value={text}
        aria-invalid={invalid}
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
        className="h-9"
      />
    </Field>
  );
}
