import type { TransactionView } from '@shared/api/transactions';
import { formatSolAmount } from '@shared/money';
import { ShieldCheck, Wallet } from 'lucide-react';
import { Button } from '@web/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';

/** "Payment Required": what will be paid, and the button that asks the wallet to sign it. */
export function PaymentCard({
  transaction,
  paying,
  canPay,
  onPay,
  walletName,
}: {
  transaction: TransactionView;
  paying: boolean;
  canPay: boolean;
  onPay: () => void;
  /** The connected wallet's own name: the button says which wallet will be asked to sign (issue 27 item 4). */
  walletName: string | null;
}) {
  const fees = transaction.feeCalculation;
  const rows: Array<[string, string]> = [
    ['Price', fees.price],
    ['Commission', fees.commissionFee],
    ['Network fee (estimate)', fees.networkFee],
  ];
  return (
    <Card className="border-gold-400/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wallet aria-hidden className="h-5 w-5 text-gold-300" />
          Payment Required
        </CardTitle>
        <CardDescription>
          One transaction from your wallet pays the seller directly. The address is reserved for you until{' '}
          {new Date(transaction.expiresAt).toLocaleTimeString()}.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-vault-300">{label}</dt>
              <dd className="text-right font-mono text-vault-100">{formatSolAmount(value)} SOL</dd>
            </div>
          ))}
          <dt className="border-t border-vault-700 pt-2 font-semibold text-vault-100">Total</dt>
          <dd className="border-t border-vault-700 pt-2 text-right font-mono font-semibold text-money-300">
            {formatSolAmount(fees.totalAmount)} SOL
          </dd>
        </dl>
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
