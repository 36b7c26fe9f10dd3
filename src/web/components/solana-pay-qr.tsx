import { Smartphone } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { buttonClass } from './button';

/**
 * A Solana Pay transaction request (`solana:<link>`) as a QR code to scan with a phone wallet, and the same link as a
 * button for a wallet app on this very phone. `what` names the payment for screen readers ("this purchase"). Side by
 * side only where its own box is wide enough (a container query): a bid's card in a two-column list is narrower than
 * the screen says.
 */
export function SolanaPayQr({ url, what }: { url: string; what: string }) {
  const label = `Solana Pay QR code for ${what}`;
  return (
    <div className="@container">
      <div className="flex flex-col items-center gap-4 @md:flex-row">
        <div className="shrink-0 rounded-xl bg-white p-2">
          <QRCodeSVG
            value={url}
            size={176}
            level="M"
            marginSize={1}
            title={label}
            role="img"
            aria-label={label}
            data-solana-pay-url={url}
          />
        </div>
        <div className="flex w-full flex-col gap-3 @md:w-auto @md:flex-1">
          <p className="text-sm text-vault-300">On this phone? Open the payment in your wallet app instead.</p>
          <a href={url} className={buttonClass('secondary', 'md', 'w-full @md:w-auto')}>
            <Smartphone aria-hidden className="h-4 w-4" />
            Open in wallet app
          </a>
        </div>
      </div>
    </div>
  );
}
