import type { PurchaseView } from '@shared/api/transactions';
import { Clock, RotateCcw, Undo2 } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClass } from '@web/components/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/card';
import { ExplorerLink } from '@web/components/explorer-link';
import { useExplorer } from '@web/lib/use-explorer';
import { refundText } from '../purchase-failure';

/**
 * A purchase whose payment settlement sent back (docs/domain.md#settlement): why, in words, and the refund's own
 * transaction once it landed. Its buyer reads it addressed to them and gets the way back to the address; anyone else
 * (the seller) reads that the payment went back, and why.
 */
export function RefundedCard({ transaction, viewer }: { transaction: PurchaseView; viewer: string | null }) {
  const explorer = useExplorer();
  const isBuyer = viewer !== null && viewer === transaction.buyer.walletAddress;
  const text = refundText(transaction);
  const landed = transaction.refundSignatures.length > 0;
  const Icon = landed ? Undo2 : Clock;
  return (
    <Card className="border-gold-400/40" role="status" data-testid="purchase-refunded">
      <CardHeader>
        <CardTitle className="flex items-center gap-2" data-testid="refund-title">
          <Icon aria-hidden className="h-5 w-5 shrink-0 text-gold-300" />
          {text.title}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm text-vault-200">
        {!landed && <p className="font-semibold text-vault-100">Why: {text.reason}.</p>}
        <p>{isBuyer ? text.what : `The buyer's payment was sent back: ${text.reason}.`}</p>
        <p>{text.next}</p>
        {landed && (
          <div className="flex flex-col gap-1">
            <span className="text-xs font-semibold tracking-wide text-vault-400 uppercase">
              {transaction.refundSignatures.length === 1 ? 'Refund transaction' : 'Refund transactions'}
            </span>
            <ul className="flex flex-col gap-1">
              {transaction.refundSignatures.map((signature) => (
                <li key={signature}>
                  <ExplorerLink
                    value={signature}
                    href={explorer.tx(signature)}
                    what="Refund transaction"
                    data-testid="refund-signature"
                  />
                </li>
              ))}
            </ul>
          </div>
        )}
        {isBuyer && (
          <Link
            to={`/address/${encodeURIComponent(transaction.address.address)}`}
            className={buttonClass('secondary', 'md', 'self-start')}
          >
            <RotateCcw aria-hidden className="h-4 w-4" /> Back to the address
          </Link>
        )}
        {transaction.disputeReason && (
          <details className="text-vault-400">
            <summary className="cursor-pointer">Details</summary>
            <p className="mt-2 break-all" data-testid="dispute-reason">
              {transaction.disputeReason}
            </p>
          </details>
        )}
      </CardContent>
    </Card>
  );
}
