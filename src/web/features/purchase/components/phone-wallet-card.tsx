import { transactionRequestUrl } from '@shared/pay/solana-pay-url';
import { shortenAddress } from '@shared/format/address';
import { Smartphone } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { SolanaPayQr } from '@web/components/solana-pay-qr';

/**
 * "Pay with a phone wallet" (docs/domain.md#solana-pay-and-actions): the purchase's Solana Pay transaction request as a
 * QR code, and the same link as a button for a phone's own browser. The wallet fetches the transaction from the server,
 * so the page learns of the payment the same way as any other: the server finds it by its reference.
 */
export function PhoneWalletCard({ transactionId, buyerWallet }: { transactionId: string; buyerWallet: string }) {
  const url = transactionRequestUrl(window.location.origin, transactionId);
  return (
    <Card aria-labelledby="phone-wallet-title">
      <CardHeader>
        <CardTitle id="phone-wallet-title" className="flex items-center gap-2">
          <Smartphone aria-hidden className="h-5 w-5 text-gold-300" />
          Pay with a phone wallet
        </CardTitle>
        <CardDescription>
          Scan with Phantom, Solflare or Backpack. Use the wallet you signed in with (
          <span className="font-mono">{shortenAddress(buyerWallet, 4, 4)}</span>); this page updates by itself when the
          payment lands.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <SolanaPayQr url={url} what="this purchase" />
      </CardContent>
    </Card>
  );
}
