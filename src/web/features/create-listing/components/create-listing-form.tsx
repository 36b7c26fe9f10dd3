import { ErrorCode } from '@shared/api/errors';
import { PRICE_NOT_POSITIVE, PRICE_REQUIRED, PRIVATE_KEY_REQUIRED, priceProblem } from '@shared/api/listings';
import { Eye, EyeOff, PlusCircle } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@web/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Field, Input } from '@web/components/input';
import { toast } from '@web/components/toast-store';
import { isApiError } from '@web/lib/api-client';
import { useCreateListing } from '../api/create-listing';
import { sanitizePrice } from '../price-input';
import { SuggestedPrice } from './suggested-price';

/**
 * One listing. The private key input is uncontrolled: the key is read from the field at submit and the field
 * is emptied right after, so it never sits in React state.
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

  function clearKey() {
    if (keyRef.current) keyRef.current.value = '';
    setHasKey(false);
    setShowKey(false);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const privateKey = keyRef.current?.value.trim() ?? '';
    const priceError = price === '' ? PRICE_REQUIRED : priceProblem(price) && PRICE_NOT_POSITIVE;
    const next = {
      address: address.trim() ? undefined : 'Address is required',
      price: priceError || undefined,
      key: privateKey ? undefined : PRIVATE_KEY_REQUIRED,
    };
    setErrors(next);
    if (next.address || next.price || next.key) return;
    create.mutate(
      {
        address: address.trim(),
        network: 'solana',
        sellerId: wallet,
        price,
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
        onSettled: () => create.reset(),
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
        <form onSubmit={submit} noValidate aria-label="Create listing" className="flex flex-col gap-4">
          <Field id="listing-address" label="Solana Address" error={errors.address}>
            <Input
              id="listing-address"
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              value={address}
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
          <Field id="listing-price" label="Price (SOL)" error={errors.price}>
            <Input
              id="listing-price"
              inputMode="decimal"
              placeholder="0.5"
              value={price}
              aria-invalid={!!errors.price}
              onChange={(e) => setPrice(sanitizePrice(e.target.value))}
            />
          </Field>
          <Field id="listing-pattern" label="Pattern Description (optional)">
            <Input
              id="listing-pattern"
              placeholder="e.g. VAULT"
              value={pattern}
              onChange={(e) => setPattern(e.target.value)}
            />
          </Field>
          <SuggestedPrice address={address} pattern={pattern} onUse={setPrice} />
          <Button type="submit" size="lg" disabled={!price || !hasKey || create.isPending}>
            <PlusCircle aria-hidden className="h-5 w-5" />
            {create.isPending ? 'Creating Listing...' : 'Create Listing'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
