import type { PurchaseView } from '@shared/api/transactions';
import { ShieldCheck, Wallet } from 'lucide-react';
import { Button } from '@web/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { CopyableExplorerLink } from '@web/components/explorer-link';
import { useExplorer } from '@web/lib/use-explorer';

/** A decimal SOL string above zero: any non-zero digit. Exact, unlike a float comparison. */
const aboveZero = (sol: string) => /[1-9]/.test(sol);

/**
 * "Payment Required" (docs/domain.md#settlement): the total and what it is made of, the escrow it goes to, and the
 * button that asks the wallet to sign the one transfer. It says plainly that checking out locks nothing.
 */
export function PaymentCard({
  transaction,
  paying,
  canPay,
  onPay,
  walletName,
}: {
  transaction: PurchaseView;
  paying: boolean;
  canPay: boolean;
  onPay: () => void;
  /** The connected wallet's own name: the button says which wallet will be asked to sign. */
  walletName: string | null;
}) {
  const explorer = useExplorer();
  const fees = transaction.feeCalculation;
  const escrow = transaction.payment?.recipient ?? transaction.escrow;
  const rows: Array<[string, string]> = [
    ['Price', fees.price],
    ...(aboveZero(fees.commissionFee) ? [['Commission', fees.commissionFee] as [string, string]] : []),
    ['Network fee (the payout)', fees.networkFee],
  ];
  return (
    <Card className="border-gold-400/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wallet aria-hidden className="h-5 w-5 text-gold-300" />
          Payment Required
        </CardTitle>
        <CardDescription>
          One transfer from your wallet pays the total into this purchase&apos;s own escrow. Until{' '}
          {new Date(transaction.expiresAt).toLocaleTimeString()}, other visitors see that someone is checking out.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {/* No column gap: the Total row's rule runs across both cells unbroken; the values keep their distance by padding. */}
        <dl className="grid grid-cols-[1fr_auto] gap-y-1.5 text-sm" data-testid="payment-breakdown">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-vault-300">{label}</dt>
              <dd className="pl-4 text-right font-mono text-vault-100">{value} SOL</dd>
            </div>
          ))}
          <dt className="border-t border-vault-700 pt-2 font-semibold text-vault-100">Total</dt>
          <dd className="border-t border-vault-700 pt-2 pl-4 text-right font-mono font-semibold text-money-300">
            {fees.totalAmount} SOL
          </dd>
          {escrow && (
            <>
              <dt className="self-center pt-2 text-vault-300">Escrow</dt>
              <dd className="pt-2 pl-4 text-right">
                <CopyableExplorerLink
                  value={escrow}
                  href={explorer.address(escrow)}
                  what="Escrow"
                  data-testid="payment-escrow"
                />
              </dd>
            </>
          )}
        </dl>
        <p className="text-xs text-vault-400">Your wallet adds its own small transaction fee, as for any transfer.</p>
        <div className="flex flex-col gap-1.5 rounded-lg bg-vault-950/60 p-3 text-sm ring-1 ring-vault-700">
          <p className="font-medium text-vault-100" data-testid="escrow-line">
            Paid into this purchase&apos;s escrow; the seller is paid the moment the key is yours.
          </p>
          <p className="text-vault-300" data-testid="race-notice">
            Another buyer can still pay for this address. If their payment lands first, yours comes back to you
            automatically.
          </p>
        </div>
        <Button size="lg" onClick={onPay} loading={paying} disabled={!canPay}>
          <ShieldCheck aria-hidden className="h-5 w-5" />
          {paying
            ? `Waiting for ${walletName ?? 'wallet'}...`
            : walletName
              ? `Pay with ${walletName}`
              : 'Connect a wallet to pay'}
        </Button>
      </CardContent>
    </Card>
  );
}
