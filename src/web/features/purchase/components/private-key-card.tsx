import type { PurchaseView } from '@shared/api/transactions';
import { KeyRound, LifeBuoy, TriangleAlert } from 'lucide-react';
import { Button } from '@web/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { SecretBlock } from '@web/components/secret-block';
import { toast } from '@web/components/toast-store';
import { RevealKeyError, useRevealPrivateKey } from '../api/reveal-private-key';
import { RevealSafetyWarning } from './reveal-safety-warning';

/**
 * Private Key Access (docs/product-spec.md#secure-transaction, docs/product-spec.md#private-key): reveal once the
 * payment is verified; the key shows masked until asked.
 */
export function PrivateKeyCard({ transaction, wallet }: { transaction: PurchaseView; wallet: string | null }) {
  const reveal = useRevealPrivateKey();
  const support = reveal.error instanceof RevealKeyError ? reveal.error.supportInfo : undefined;

  function onReveal() {
    if (!wallet) return;
    reveal.mutate(
      { id: transaction.id, wallet, address: transaction.address.address },
      {
        onSuccess: () =>
          toast({ title: 'Private Key Revealed', description: 'Store it somewhere safe.', variant: 'success' }),
        onError: (error) =>
          error instanceof RevealKeyError && error.supportInfo
            ? toast({
                title: 'Payment Verified - Support Required',
                description: error.supportInfo.message,
                variant: 'error',
              })
            : toast({
                title: 'Private Key Access Failed',
                description: error instanceof RevealKeyError ? error.message : 'Failed to reveal private key',
                variant: 'error',
              }),
      },
    );
  }

  return (
    <Card className="border-money-500/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound aria-hidden className="h-5 w-5 text-money-400" />
          Private Key Access
        </CardTitle>
        <CardDescription>
          The payment is confirmed: the address is yours. Anyone with this key controls the wallet — never share it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {transaction.privateKeyDestroyed ? (
          <p className="text-sm text-vault-300">You destroyed the stored key of this address; it cannot be revealed.</p>
        ) : reveal.data ? (
          <>
            {reveal.data.safetyWarning && <RevealSafetyWarning warning={reveal.data.safetyWarning} />}
            <SecretBlock label="Private key" value={reveal.data.privateKey} />
            <div className="flex items-start gap-2 rounded-lg bg-gold-400/10 p-3 text-sm text-gold-300">
              <TriangleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
              Import it into your wallet, then destroy the stored copy from your profile.
            </div>
            <Button variant="secondary" onClick={() => reveal.reset()}>
              Hide Key
            </Button>
          </>
        ) : (
          <Button onClick={onReveal} loading={reveal.isPending} disabled={!wallet}>
            <KeyRound aria-hidden className="h-4 w-4" />
            Reveal Private Key
          </Button>
        )}
        {support && (
          <div
            role="alert"
            className="flex flex-col gap-1 rounded-lg border border-danger-500/40 bg-danger-500/10 p-3 text-sm"
          >
            <p className="flex items-center gap-2 font-semibold text-danger-400">
              <LifeBuoy aria-hidden className="h-4 w-4" /> {support.message}
            </p>
            <p className="text-vault-200">{support.instructions}</p>
            {support.txHash && <p className="font-mono break-all text-vault-300">Transaction: {support.txHash}</p>}
            <p className="text-vault-300">Contact: {support.contactMethod}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
