import type { PaymentInstructions } from '@shared/api/transactions';
import { lamportsToSolString } from '@shared/money';
import { Button } from '@web/components/button';
import { CopyableExplorerLink } from '@web/components/explorer-link';
import { useExplorer } from '@web/lib/use-explorer';

/**
 * A bid or offer waiting for its deposit: how much, into which escrow (its own), and the button that pays it. The
 * deposit is the price ceiling plus the commission and payout fee at that price; what a fill does not use comes back.
 */
export function DepositPayment({
  payment,
  what,
  paying,
  sent,
  onPay,
}: {
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
        <Button className="w-full sm:w-auto sm:self-start" loading={paying} onClick={onPay}>
          Pay {sol} SOL deposit
        </Button>
      )}
    </div>
  );
}
