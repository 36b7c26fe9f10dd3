import { STOCK_COUNTED, type BidQuote, type PatternFields } from '@shared/api/bids';
import { shortenAddress } from '@shared/format/address';
import { Link } from 'wouter';
import { humanCount, humanDuration } from '@web/features/validator';

/**
 * What a bid on the pattern is up against: how rare it is, what already matches in stock (a bid above the cheapest
 * fills at once), and what ordering it ground would cost instead.
 */
export function QuotePanel({ quote, pattern }: { quote: BidQuote; pattern: PatternFields }) {
  const { matchingStock: stock, grind } = quote;
  // The order page grinds prefixes and suffixes only.
  const orderable = pattern.position !== 'anywhere';
  const orderLink = `/order?${new URLSearchParams({ pattern: pattern.pattern, position: pattern.position })}`;
  return (
    <div className="flex flex-col gap-4 rounded-xl bg-vault-950/60 p-4 ring-1 ring-vault-700" data-testid="bid-quote">
      <p className="text-lg font-semibold text-vault-100" data-testid="quote-odds">
        1 in {humanCount(quote.oneIn)} addresses match
      </p>
      <div className="flex flex-col gap-2">
        <p className="text-sm text-vault-300" data-testid="quote-stock">
          {stock.count === 0
            ? 'Nothing in stock matches it now: a bid waits for the next matching listing.'
            : `${stock.count >= STOCK_COUNTED ? `${STOCK_COUNTED} or more` : stock.count} ${stock.count === 1 ? 'address' : 'addresses'} in stock match it now${
                stock.cheapest.length ? ', cheapest first:' : '.'
              }`}
        </p>
        {stock.cheapest.length > 0 && (
          <ul className="flex flex-col gap-1" aria-label="Cheapest matching addresses in stock">
            {stock.cheapest.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-3 text-sm">
                <Link
                  to={`/address/${encodeURIComponent(item.address)}`}
                  title={item.address}
                  className="min-w-0 truncate font-mono text-sky-300 hover:text-sky-200"
                >
                  {shortenAddress(item.address, 8, 6)}
                </Link>
                <span className="shrink-0 font-mono text-money-300">{item.price} SOL</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="text-sm text-vault-300" data-testid="quote-grind">
        {grind ? (
          <>
            A custom grind would cost <strong className="text-money-300">{grind.price} SOL</strong>
            {grind.p95Seconds !== null && <> (95% found within {humanDuration(grind.p95Seconds)})</>}.{' '}
            {orderable && (
              <Link to={orderLink} className="text-sky-300 underline underline-offset-2 hover:text-sky-200">
                Order it instead
              </Link>
            )}
          </>
        ) : (
          'The shop cannot grind this pattern to order: a bid or a watch is the way to get it.'
        )}
      </p>
    </div>
  );
}
