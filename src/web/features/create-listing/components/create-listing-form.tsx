import { ErrorCode } from '@shared/api/errors';
import { PRIVATE_KEY_REQUIRED, priceProblem } from '@shared/api/listing-rules';
import { PRICE_RULES, parseSolInput } from '@shared/sol-input';
import { Eye, EyeOff, PlusCircle } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@web/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Field, Input } from '@web/components/input';
import { toast } from '@web/components/toast-store';
import { isApiError } from '@web/lib/api-client';
import { useCreateListing } from '../api/create-listing';
import { ListingReview, type ListingDraft } from './listing-review';
import { SuggestedPrice } from './suggested-price';

/**
 * One listing. The price is read by the shared parser (never rewritten as typed: "0,5" is 0.5 and "-1" is refused
 * with the reason), then shown back in a review line that must be confirmed before the listing goes live. The
 * private key input is uncontrolled: the key is read from the field at confirm and the field is emptied right
 * after, so it never sits in React state.
 */
export function CreateListingForm({ wallet }: { wallet: string }) {
  const create = useCreateListing();
  const keyRef = useRef<HTMLInputElement>(null);
  const [address, setAddress] = useState('');
  const [price, setPrice] = useState('');
  const [pattern, setPattern] = useState('');
  const [hasKey, setHasKey] = useState(false);
  const [showKey, setShowKey] = useState(false);
  const [errors, setErrors] = useState<{ price?: string; key?: string; address?: string }>({});
  // Set while the seller looks at the review line; the fields are read-only meanwhile, so it cannot go stale.
  const [draft, setDraft] = useState<ListingDraft | null>(null);

  function clearKey() {
    if (keyRef.current) keyRef.current.value = '';
    setHasKey(false);
    setShowKey(false);
  }

  function review(event: FormEvent) {
    event.preventDefault();
    const privateKey = keyRef.current?.value.trim() ?? '';
    const read = parseSolInput(price, PRICE_RULES);
    const next = {
      address: address.trim() ? undefined : 'Address is required',
      price: priceProblem(price) ?? undefined,
      key: privateKey ? undefined : PRIVATE_KEY_REQUIRED,
    };
    setErrors(next);
    if (next.address || next.price || next.key || !read.ok) return;
    setDraft({ address: address.trim(), lamports: read.lamports, sol: read.sol });
  }

  function confirm() {
    if (!draft) return;
    const privateKey = keyRef.current?.value.trim() ?? '';
    create.mutate(
      {
        address: draft.address,
        network: 'solana',
        sellerId: wallet,
        price: draft.sol,
        currency: 'SOL',
        pattern: pattern.trim() || undefined,
        isListed: true,
        promotionType: 'standard',
        privateKey,
      },
      {
        onSuccess: (listing) => {
          // docs/domain.md#account-safety-checks: a used address is listed, but the seller is told what the checks saw.
          const warnings = (listing.safetyWarnings ?? []).map((c) => `${c.name}: ${c.detail}`).join('; ');
          toast({
            title: 'Listing Created',
            description: `${listing.address} is now listed for ${listing.price} SOL${warnings ? `. Warning: ${warnings}` : ''}`,
            variant: 'success',
          });
          setAddress('');
          setPrice('');
          setPattern('');
        },
        onError: (error) =>
          isApiError(error, ErrorCode.OWNERSHIP_VERIFICATION_FAILED)
            ? toast({ title: 'Ownership Verification Failed', description: error.message, variant: 'error' })
            : toast({
                title: 'Listing Failed',
                description: error.message || 'Failed to create listing',
                variant: 'error',
              }),
        onSettled: () => {
          create.reset();
          setDraft(null);
        },
      },
    );
    clearKey();
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>List an Address</CardTitle>
        <CardDescription>
          The private key proves you own the address; it is sealed in the vault and shown only to the buyer.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={review} noValidate aria-label="Create listing" className="flex flex-col gap-4">
          <Field id="listing-address" label="Solana Address" error={errors.address}>
            <Input
              id="listing-address"
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              value={address}
              readOnly={draft !== null}
              aria-invalid={!!errors.address}
              onChange={(e) => setAddress(e.target.value)}
            />
          </Field>
          <Field
            id="listing-key"
            label="Private Key"
            hint="Base58 secret key or a JSON byte array. Never stored in this browser."
            error={errors.key}
          >
            <div className="flex gap-2">
              <Input
                id="listing-key"
                ref={keyRef}
                type={showKey ? 'text' : 'password'}
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                readOnly={draft !== null}
                aria-invalid={!!errors.key}
                onChange={(e) => setHasKey(e.target.value.length > 0)}
              />
              <Button
                variant="secondary"
                size="icon"
                aria-label={showKey ? 'Hide private key' : 'Show private key'}
                aria-pressed={showKey}
                onClick={() => setShowKey((v) => !v)}
              >
                {showKey ? <EyeOff aria-hidden className="h-4 w-4" /> : <Eye aria-hidden className="h-4 w-4" />}
              </Button>
            </div>
          </Field>
          <Field id="listing-price" label="Price (SOL)" hint="e.g. 0.5 or 0,5" error={errors.price}>
            <Input
              id="listing-price"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.5"
              value={price}
              readOnly={draft !== null}
              aria-invalid={!!errors.price}
              aria-describedby={errors.price ? 'listing-price-error' : 'listing-price-hint'}
              onChange={(e) => {
                setPrice(e.target.value);
                if (errors.price) setErrors((prev) => ({ ...prev, price: undefined }));
              }}
            />
          </Field>
          <Field id="listing-pattern" label="Pattern Description (optional)">
            <Input
              id="listing-pattern"
              placeholder="e.g. VAULT"
              value={pattern}
              readOnly={draft !== null}
              onChange={(e) => setPattern(e.target.value)}
            />
          </Field>
          {draft ? null : <SuggestedPrice address={address} pattern={pattern} onUse={setPrice} />}
          {draft ? (
            <ListingReview draft={draft} pending={create.isPending} onConfirm={confirm} onBack={() => setDraft(null)} />
          ) : (
            <Button type="submit" size="lg" disabled={!price || !hasKey}>
              <PlusCircle aria-hidden className="h-5 w-5" />
              Create Listing
            </Button>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
