import { PRICE_DECIMALS } from '@shared/money';
import { parseSolInput } from '@shared/sol-input';
import { useEffect, useRef, useState } from 'react';
import { Field, Input } from '@web/components/input';

/** How long typing must pause before a price bound applies: one search per pause, not one per keystroke. */
export const PRICE_FILTER_DEBOUNCE_MS = 400;

/**
 * A price bound in SOL, applied as you type once typing pauses (it used to wait for blur or Enter, which
 * still apply at once). It is read by the create form's reader ("0,5" is 0.5); text that is not an amount is
 * marked with the reason and not applied.
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
  const read = text.trim() === '' ? null : parseSolInput(text, { label, maxDecimals: PRICE_DECIMALS, allowZero: true });
  const problem = read && !read.ok ? read.reason : null;
  const next = read?.ok ? read.sol : undefined;

  // What the pending timer applies: this render's reading, kept after each render (a timer set while typing fires
  // after the render of the last keystroke).
  const latest = useRef({ next, problem, value, onChange });
  useEffect(() => {
    latest.current = { next, problem, value, onChange };
  });
  const apply = () => {
    const now = latest.current;
    if (now.problem || now.next === now.value) return;
    setShown(now.next);
    now.onChange(now.next);
  };
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Field id={id} label={label} error={problem ?? undefined} compact>
      <Input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        placeholder="SOL"
        value={text}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          clearTimeout(timer.current);
          timer.current = setTimeout(apply, PRICE_FILTER_DEBOUNCE_MS);
        }}
        onBlur={() => {
          clearTimeout(timer.current);
          apply();
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          clearTimeout(timer.current);
          apply();
        }}
        className="h-9"
      />
    </Field>
  );
}
