import { Field } from '@web/components/input';
import { Select } from '@web/components/select';

/** The choices a bid or offer may stand for: long enough for stock to arrive, short enough to forget nothing. */
export const EXPIRY_DAYS = [1, 7, 30] as const;
export type ExpiryDays = (typeof EXPIRY_DAYS)[number];

/** The ISO time `days` from now: computed when the bid is placed, not when the form was opened. */
export const expiresAtIn = (days: ExpiryDays, now = Date.now()) => new Date(now + days * 86_400_000).toISOString();

export function ExpirySelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: ExpiryDays;
  onChange(next: ExpiryDays): void;
}) {
  return (
    <Field id={id} label="Expires in" hint="The deposit comes back in full if nothing is bought by then.">
      <Select id={id} value={value} onChange={(e) => onChange(Number(e.target.value) as ExpiryDays)}>
        {EXPIRY_DAYS.map((days) => (
          <option key={days} value={days}>
            {days === 1 ? '1 day' : `${days} days`}
          </option>
        ))}
      </Select>
    </Field>
  );
}
