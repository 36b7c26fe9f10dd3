import type { OrderQuote } from '@shared/api/orders';
import { tierOf } from '@shared/rarity/tier';
import { humanCount, humanDuration } from '@web/features/validator';

const time = (seconds: number | null) => (seconds === null ? 'measuring…' : humanDuration(seconds));

/** The quote as facts: odds, attempts for 50% and 95%, time at the lane's measured rate, price and rarity. */
export function QuoteFacts({ quote }: { quote: OrderQuote }) {
  const { difficulty: d } = quote;
  // A seed-derived address has no key: what the shop tries is seeds.
  const [one, many] = quote.lane === 'seed-derived' ? ['seed', 'seeds'] : ['key', 'keys'];
  const rows: [string, string, string][] = [
    [`Odds per ${one}`, `1 in ${humanCount(d.expectedAttempts)}`, 'quote-odds'],
    ['Expected attempts', humanCount(d.expectedAttempts), 'quote-expected'],
    ['50% chance by', `${humanCount(d.attempts50)} ${many} · ${time(quote.seconds.p50)}`, 'quote-p50'],
    ['95% chance by', `${humanCount(d.attempts95)} ${many} · ${time(quote.seconds.p95)}`, 'quote-p95'],
    [
      'Grind rate',
      quote.keysPerSecond > 0 ? `${humanCount(quote.keysPerSecond)} ${many}/s` : 'measuring…',
      'quote-rate',
    ],
    ['Rarity score', `${quote.rarityScore.toFixed(1)} / 10 · ${tierOf(quote.rarityScore).label}`, 'quote-rarity'],
  ];
  return (
    <div className="flex flex-col gap-4">
      <p className="text-3xl font-bold text-money-300" data-testid="quote-price">
        {quote.price} SOL
      </p>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value, id]) => (
          <div key={id} className="flex justify-between gap-3 border-b border-vault-800 pb-1">
            <dt className="shrink-0 text-vault-400">{label}</dt>
            <dd className="text-right font-medium text-vault-100" data-testid={id}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
