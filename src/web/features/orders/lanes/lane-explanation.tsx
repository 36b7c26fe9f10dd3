import type { OrderLane } from '@shared/domain-values';
import { LANE_TEXTS } from './lane-texts';

/** What the buyer can and cannot do with the chosen lane's address, in plain words. */
export function LaneExplanation({ lane }: { lane: OrderLane }) {
  const text = LANE_TEXTS[lane];
  return (
    <div
      className="flex flex-col gap-3 rounded-xl bg-vault-950/50 p-4 text-sm ring-1 ring-vault-800"
      data-testid="lane-explanation"
    >
      <p className="text-vault-200">{text.how}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <List title="You can" items={text.can} tone="text-money-300" />
        <List title="You cannot" items={text.cannot} tone="text-gold-300" />
      </div>
    </div>
  );
}

function List({ title, items, tone }: { title: string; items: string[]; tone: string }) {
  return (
    <div>
      <p className={`mb-1 text-xs font-semibold uppercase tracking-wide ${tone}`}>{title}</p>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-vault-300">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
