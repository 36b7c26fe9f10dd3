import type { PurchaseView } from '@shared/api/transactions';
import { ExternalLink, Eye, EyeOff, FileText } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@web/components/badge';
import { Button, buttonClass } from '@web/components/button';
import { Card, CardContent } from '@web/components/card';
import { SecretBlock } from '@web/components/secret-block';
import { toast } from '@web/components/toast-store';
import { RevealKeyError, RevealSafetyWarning, useRevealPrivateKey } from '@web/features/purchase';
import { useConfig } from '@web/lib/config';
import { useExplorer } from '@web/lib/use-explorer';
import { ApiRequestError } from '@web/lib/api-client';
import { ReceiptDownloads } from '@web/features/receipts';
import { useDestroyPrivateKey } from '../api/destroy-private-key';
import { DestroyKeyDialog } from './destroy-key-dialog';

/** One owned address (a verified or completed purchase) with its key actions (docs/product-spec.md#profile). */
export function OwnedAddressCard({ purchase, wallet }: { purchase: PurchaseView; wallet: string }) {
  const explorer = useExplorer();
  const reveal = useRevealPrivateKey();
  const destroy = useDestroyPrivateKey();
  const purchased = purchase.completedAt ?? purchase.verifiedAt;
  // REVEAL_COMMITMENT=finalized: the key stays in the vault until the payment is final (purchase completed).
  const revealCommitment = useConfig().data?.revealCommitment;
  const finalizing = purchase.status === 'verified' && revealCommitment === 'finalized';

  const onReveal = () =>
    reveal.mutate(
      { id: purchase.id, wallet, address: purchase.address.address },
      {
        onSuccess: () =>
          toast({ title: 'Private Key Revealed', description: 'Store it somewhere safe.', variant: 'success' }),
        onError: (error) =>
          toast({
            title: 'Failed to Reveal Key',
            description: error instanceof RevealKeyError ? error.message : 'Failed to reveal private key',
            variant: 'error',
          }),
      },
    );

  const onDestroy = () =>
    destroy
      .mutateAsync({ id: purchase.id, wallet })
      .then(() => {
        reveal.reset();
        toast({
          title: 'Private Key Destroyed',
          description: 'The stored key was permanently deleted.',
          variant: 'success',
        });
      })
      .catch((error: unknown) =>
        toast({
          title: 'Failed to Destroy Key',
          description: error instanceof ApiRequestError ? error.message : 'Failed to destroy private key',
          variant: 'error',
        }),
      );

  return (
    <Card data-testid="owned-address">
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Badge tone="money">Owned</Badge>
          <span className="text-xs text-vault-400">
            {purchased ? new Date(purchased).toLocaleDateString() : 'Recently'}
          </span>
        </div>
        <p className="font-mono text-sm break-all text-vault-100">{purchase.address.address}</p>
        <p className="text-sm text-vault-300">
          Purchase price <span className="font-mono text-vault-100">{purchase.price} SOL</span>
        </p>
        {reveal.data?.safetyWarning && <RevealSafetyWarning warning={reveal.data.safetyWarning} />}
        {reveal.data && <SecretBlock label="Private key" value={reveal.data.privateKey} />}
        {purchase.privateKeyDestroyed && <p className="text-xs text-vault-400">The stored key was destroyed.</p>}
        {finalizing && (
          <p className="text-xs text-vault-400">
            Finalizing… the private key unlocks once the network finalizes the payment.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Link to={`/transaction/${purchase.id}`} className={buttonClass('secondary', 'sm')}>
            <FileText aria-hidden className="h-4 w-4" /> Details
          </Link>
          {purchase.txHash && (
            <a
              href={explorer.tx(purchase.txHash)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary', 'sm')}
            >
              <ExternalLink aria-hidden className="h-4 w-4" /> Explorer
            </a>
          )}
          {!purchase.privateKeyDestroyed &&
            !finalizing &&
            (reveal.data ? (
              <Button variant="secondary" size="sm" onClick={() => reveal.reset()}>
                <EyeOff aria-hidden className="h-4 w-4" /> Hide Key
              </Button>
            ) : (
              <Button size="sm" onClick={onReveal} loading={reveal.isPending}>
                <Eye aria-hidden className="h-4 w-4" /> Reveal Key
              </Button>
            ))}
          {!purchase.privateKeyDestroyed && !finalizing && (
            <DestroyKeyDialog onConfirm={onDestroy} pending={destroy.isPending} />
          )}
        </div>
        <ReceiptDownloads transactionId={purchase.id} />
      </CardContent>
    </Card>
  );
}
