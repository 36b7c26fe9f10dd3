import { transactionRequestUrl } from '@shared/pay/solana-pay-url';
import { shortenAddress } from '@shared/format/address';
import { Smartphone } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { buttonClass } from '@web/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';

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
      <CardContent className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
        <div className="rounded-xl bg-white p-2">
          <QRCodeSVG
            value={url}
            size={176}
            level="M"
            marginSize={1}
            title="Solana Pay QR code for this purchase"
            role="img"
            aria-label="Solana Pay QR code for this purchase"
            data-solana-pay-url={url}
          />
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-1">
          <p className="text-sm text-vault-300">On this phone? Open the payment in your wallet app instead.</p>
          <a href={url} className={buttonClass('secondary', 'md', 'w-full sm:w-auto')}>
            <Smartphone aria-hidden className="h-4 w-4" />
            Open in wallet app
          </a>
        </div>
      </CardContent>
    </Card>
  );
}
