import { lazy, Suspense, useState } from 'react';
import type { PaymentInstructions } from '@shared/api/transactions';
import { lamportsToSolString } from '@shared/money';
import { depositRequestUrl } from '@shared/pay/solana-pay-url';
import { Smartphone } from 'lucide-react';
import { Button } from '@web/components/button';
import { CopyableExplorerLink } from '@web/components/explorer-link';
import { useExplorer } from '@web/lib/use-explorer';

// Loaded when a phone deposit is opened: most visits to the bids page never draw a QR code.
const SolanaPayQr = lazy(() => import('@web/components/solana-pay-qr').then((m) => ({ default: m.SolanaPayQr })));

/**
 * A bid or offer waiting for its deposit: how much, into which escrow (its own), the button that pays it from the
 * connected wallet and, folded away, the Solana Pay QR that pays it from a phone. The deposit is the price ceiling plus
 * the commission and payout fee at that price; what a fill does not use comes back.
 */
export function DepositPayment({
  id,
  payment,
  what,
  paying,
  sent,
  onPay,
}: {
  /** The bid's or offer's id: its deposit's transaction request is `/api/pay/bids/{id}`. */
  id: string;
  payment: PaymentInstructions;
  what: 'bid' | 'offer';
  paying: boolean;
  sent: boolean;
  onPay(): void;
}) {
  const explorer = useExplorer();
  const sol = lamportsToSolString(BigInt(payment.lamports));
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-vault-950/60 p-4 ring-1 ring-sky-500/30">
      <p className="text-sm text-vault-200">
        Deposit <strong className="text-money-300">{sol} SOL</strong> into this {what}&apos;s own escrow. It stands once
        the shop sees the deposit; cancel any time before it fills to get it all back.
      </p>
      <p className="flex flex-wrap items-center gap-1 text-sm text-vault-300">
        Escrow:{' '}
        <CopyableExplorerLink value={payment.recipient} href={explorer.address(payment.recipient)} what="Escrow" />
      </p>
      {sent ? (
        <p role="status" className="text-sm text-sky-300">
          Deposit sent. Waiting for the shop to see it in the escrow…
        </p>
      ) : (
        <>
          <Button className="w-full sm:w-auto sm:self-start" loading={paying} onClick={onPay}>
            Pay {sol} SOL deposit
          </Button>
          <PhoneDeposit id={id} what={what} />
        </>
      )}
    </div>
  );
}

/**
 * The deposit's transaction request, for a wallet on a phone: the shop finds the deposit in the escrow by itself (its
 * settlement pass), and the list refetches while the bid is live. The QR is drawn only once opened: a list of bids
 * would otherwise draw one per card.
 */
function PhoneDeposit({ id, what }: { id: string; what: 'bid' | 'offer' }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="flex cursor-pointer items-center gap-2 text-vault-300 hover:text-vault-100">
        <Smartphone aria-hidden className="h-4 w-4" />
        Pay from a phone wallet
      </summary>
      {open && (
        <div className="mt-3 flex flex-col gap-3">
          <p className="text-vault-300">
            Scan with Phantom, Solflare or Backpack, from the wallet you placed this {what} with. This list updates by
            itself when the deposit lands.
          </p>
          <Suspense fallback={<p className="text-vault-400">Drawing the QR code…</p>}>
            <SolanaPayQr url={depositRequestUrl(window.location.origin, id)} what={`this ${what}'s deposit`} />
          </Suspense>
        </div>
      )}
    </details>
  );
}
