import { Spinner } from '@web/components/spinner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';

/**
 * With REVEAL_COMMITMENT=finalized the payment is verified (confirmed) before the key may
 * leave the vault; a confirmed block can still be dropped, a shown key cannot be taken back.
 */
export function FinalizingCard() {
  return (
    <Card className="border-money-500/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Spinner size="sm" className="text-money-300" />
          Finalizing…
        </CardTitle>
        <CardDescription>
          Your payment is verified: the address is yours. The private key unlocks once the network finalizes the
          payment, usually in under a minute; this page updates by itself.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-vault-400">You can close this tab: the key waits for you in your profile.</p>
      </CardContent>
    </Card>
  );
}
