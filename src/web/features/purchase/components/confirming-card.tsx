import { Spinner } from '@web/components/spinner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';

export function ConfirmingCard({ pollingStopped }: { pollingStopped: boolean }) {
  return (
    <Card className="border-sky-500/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Spinner size="sm" className="text-sky-300" />
          Confirming on Blockchain
        </CardTitle>
        <CardDescription>
          Your payment was sent. Confirmation usually takes 30 seconds to 2 minutes; this page updates by itself.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {pollingStopped ? (
          <p className="text-sm text-gold-300">
            Still not confirmed after 10 minutes. Your payment is safe: reload this page later to check again.
          </p>
        ) : (
          <p className="text-sm text-vault-400">You can close this tab: the purchase completes on the server.</p>
        )}
      </CardContent>
    </Card>
  );
}
