import type { OrderLane } from '@shared/domain-values';
import { cn } from '@web/lib/cn';
import { LANE_ORDER, LANE_TEXTS } from './lane-texts';

/** "What is the address for?": three radio cards, one per lane. */
export function LanePicker({ value, onChange }: { value: OrderLane; onChange(lane: OrderLane): void }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-vault-200">What is the address for?</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {LANE_ORDER.map((lane) => {
          const text = LANE_TEXTS[lane];
          const checked = lane === value;
          return (
            <label
              key={lane}
              className={cn(
                'flex cursor-pointer flex-col gap-1 rounded-xl p-3 ring-1 ring-inset transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-money-400',
                checked ? 'bg-money-500/10 ring-money-500/60' : 'bg-vault-950/50 ring-vault-700 hover:ring-vault-500',
              )}
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name="order-lane"
                  value={lane}
                  checked={checked}
                  onChange={() => onChange(lane)}
                  className="h-4 w-4 accent-money-500"
                />
                <span className="font-semibold text-vault-100">{text.title}</span>
              </span>
              <span className="text-xs text-vault-400">{text.examples}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
