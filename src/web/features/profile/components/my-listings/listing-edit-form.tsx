import { priceProblem, type Listing } from '@shared/api/listings';
import { CURRENCIES, type Currency, type PromotionType } from '@shared/domain-values';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@web/components/button';
import { Checkbox } from '@web/components/checkbox';
import { Field, Input } from '@web/components/input';
import { Select } from '@web/components/select';
import { toast } from '@web/components/toast-store';
import { ApiRequestError } from '@web/lib/api-client';
import { useUpdateListing } from '@web/features/listings';

const CATEGORIES = ['premium', 'rare', 'ultra', 'legendary', 'standard'];
const TYPES: PromotionType[] = ['standard', 'featured', 'promoted', 'premium'];

const typeOf = (l: Listing): PromotionType =>
  l.isFeatured ? 'featured' : l.isPromoted ? 'promoted' : l.isPremiumListing ? 'premium' : 'standard';

/**
 * Inline edit (docs/product-spec.md#profile, docs/product-spec.md#validation-rules): the listing type sets exactly one
 * of the three flags (none for standard).
 */
export function ListingEditForm({ listing, wallet, onDone }: { listing: Listing; wallet: string; onDone: () => void }) {
  const id = useId();
  const update = useUpdateListing(wallet);
  const [price, setPrice] = useState(listing.price);
  const [currency, setCurrency] = useState(listing.currency);
  const [pattern, setPattern] = useState(listing.pattern ?? '');
  // docs/product-spec.md#profile: the edit form's default category is 'other'.
  const [category, setCategory] = useState(listing.category || 'other');
  const [isListed, setIsListed] = useState(listing.isListed);
  const [type, setType] = useState<PromotionType>(typeOf(listing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const categories = CATEGORIES.includes(category) ? CATEGORIES : [category, ...CATEGORIES];

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    const priceError = price.trim() === '' ? 'Price is required' : priceProblem(price.trim());
    if (priceError) next.price = priceError;
    if (!currency) next.currency = 'Currency is required';
    if (!category.trim()) next.category = 'Category is required';
    setErrors(next);
    if (Object.keys(next).length) return;
    update.mutate(
      {
        id: listing.id,
        body: {
          price: price.trim(),
          currency: currency as Currency,
          pattern: pattern.trim() || null,
          category,
          isListed,
          isFeatured: type === 'featured',
          isPromoted: type === 'promoted',
          isPremiumListing: type === 'premium',
          promotionType: type,
        },
      },
      {
        onSuccess: () => {
          toast({ title: 'Listing updated successfully', variant: 'success' });
          onDone();
        },
        onError: (error) =>
          error instanceof ApiRequestError
            ? toast({ title: 'Update Failed', description: error.message, variant: 'error' })
            : toast({ title: 'Error', description: 'Failed to update listing', variant: 'error' }),
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Edit listing"
      className="flex flex-col gap-3 rounded-xl bg-vault-950/50 p-4 ring-1 ring-vault-700"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-price`} label="Price" hint="e.g. 0.001" error={errors.price}>
          <Input
            id={`${id}-price`}
            inputMode="decimal"
            placeholder="0.001"
            value={price}
            aria-invalid={!!errors.price}
            onChange={(e) => setPrice(e.target.value)}
          />
        </Field>
        <Field id={`${id}-currency`} label="Currency" error={errors.currency}>
          <Select id={`${id}-currency`} value={currency} onChange={(e) => setCurrency(e.target.value)}>
            {CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-pattern`} label="Pattern">
          <Input id={`${id}-pattern`} value={pattern} onChange={(e) => setPattern(e.target.value)} />
        </Field>
        <Field id={`${id}-category`} label="Category" error={errors.category}>
          <Select
            id={`${id}-category`}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            className="capitalize"
          >
            {categories.map((c) => (
              <option key={c} value={c}>
                {c.replace(/-/g, ' ')}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-type`} label="Listing Type">
          <Select
            id={`${id}-type`}
            value={type}
            onChange={(e) => setType(e.target.value as PromotionType)}
            className="capitalize"
          >
            {TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </Field>
        <Checkbox className="self-end pb-2" checked={isListed} onChange={setIsListed}>
          Listed (visible in marketplace)
        </Checkbox>
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
        <Button variant="secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
