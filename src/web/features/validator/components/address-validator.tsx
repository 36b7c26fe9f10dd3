import { ScanSearch } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ADDRESS_REQUIRED } from '@shared/api/listing-rules';
import { Button } from '@web/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Textarea } from '@web/components/textarea';
import { toast } from '@web/components/toast-store';
import { useValidateAddress } from '../api/validate-address';
import { ValidationResult } from './validation-result';

/**
 * Address validator and rarity checker (docs/product-spec.md#address-validator, docs/product-spec.md#validation-rules):
 * the server decides validity and scores rarity.
 */
export function AddressValidator() {
  const id = useId();
  const [address, setAddress] = useState('');
  const validate = useValidateAddress();

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = address.trim();
    if (!value) {
      validate.reset();
      toast({ title: 'Error', description: ADDRESS_REQUIRED, variant: 'error' });
      return;
    }
    validate.mutate(
      { address: value },
      {
        onSuccess: (result) => {
          if (!result.isValid) toast({ title: 'Invalid Address', description: result.message, variant: 'error' });
        },
        onError: () =>
          toast({ title: 'Validation Failed', description: 'Failed to validate address', variant: 'error' }),
      },
    );
  }

  function clear() {
    setAddress('');
    validate.reset();
  }

  return (
    <section id="validator" aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <Card>
        <CardHeader>
          <CardTitle id={`${id}-title`} className="flex items-center gap-2 text-xl">
            <ScanSearch aria-hidden className="h-5 w-5 text-money-400" /> Address Validator &amp; Rarity Checker
          </CardTitle>
          <CardDescription>
            Paste a Solana (or Ethereum) address to check it and see how rare its pattern is.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
            <label htmlFor={`${id}-address`} className="text-sm font-medium text-vault-200">
              Address
            </label>
            <Textarea
              id={`${id}-address`}
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              placeholder="e.g. 1111xkq9…"
              spellCheck={false}
              autoComplete="off"
              className="min-h-20 font-mono"
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" loading={validate.isPending}>
                Validate &amp; Check Rarity
              </Button>
              <Button variant="secondary" onClick={clear}>
                Clear
              </Button>
            </div>
          </form>
          {validate.data && <ValidationResult result={validate.data} />}
        </CardContent>
      </Card>
    </section>
  );
}
