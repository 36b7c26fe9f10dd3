import { priceInputSchema } from '@shared/api/listings';
import { parseSolToLamports } from '@shared/money';
import { useState } from 'react';
import { Button } from '@web/components/button';
import { Field, Input } from '@web/components/input';
import { EXPIRY_DAYS, ExpirySelect, type ExpiryDays } from './expiry-select';

export interface OfferInput {
  price: string;
  expiresAt: string;
}

/** Why `price` cannot be offered on a listing at `listed`, or undefined when it can. */
export function offerPriceProblem(price: string, listed: string): string | undefined {
  const read = priceInputSchema.safeParse(price.trim());
  if (!read.success) return read.error.issues[0]?.message ?? 'Enter a price in SOL';
  // At the listed price or above, buying it outright is the offer.
  if (parseSolToLamports(read.data) >= parseSolToLamports(listed)) {
    return `An offer must be below the listed ${listed} SOL: at that price, buy it now.`;
  }
  return undefined;
}

/** "Make an offer": a price below the listed one and how long it stands. */
export function MakeOfferForm({
  listedPrice,
  pending,
  onSubmit,
}: {
  listedPrice: string;
  pending: boolean;
  onSubmit(input: { price: string; expiryDays: ExpiryDays }): void;
}) {
  const [price, setPrice] = useState('');
  const [expiryDays, setExpiryDays] = useState<ExpiryDays>(EXPIRY_DAYS[1]);
  const [tried, setTried] = useState(false);
  const error = tried ? offerPriceProblem(price, listedPrice) : undefined;
  return (
    <form
      className="grid gap-4 sm:grid-cols-2"
      aria-label="Make an offer"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (!offerPriceProblem(price, listedPrice)) onSubmit({ price: price.trim(), expiryDays });
      }}
    >
      <Field id="offer-price" label="Your offer (SOL)" hint={`Below the listed ${listedPrice} SOL.`} error={error}>
        <Input
          id="offer-price"
          inputMode="decimal"
          autoComplete="off"
          value={price}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'offer-price-error' : 'offer-price-hint'}
          onChange={(e) => setPrice(e.target.value)}
        />
      </Field>
      <ExpirySelect id="offer-expiry" value={expiryDays} onChange={setExpiryDays} />
      <Button type="submit" className="sm:col-span-2 sm:justify-self-start" loading={pending}>
        Make an offer
      </Button>
    </form>
  );
}
