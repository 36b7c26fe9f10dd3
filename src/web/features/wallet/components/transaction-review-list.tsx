import { shortenAddress } from '@shared/format/address';
import { lamportsToSolString } from '@shared/money';
import { escrowPaymentOf, type TransactionReview } from '../local-dev-wallet/review-transaction';

/**
 * What the Local Dev Wallet is asked to sign, as its confirmation screen lists it: a purchase's payment as one line
 * into the purchase's escrow (the whole address beneath, to compare with the pay page), anything else transfer by
 * transfer; then the fee payer and a count of whatever it cannot describe.
 */
export function TransactionReviewList({ review }: { review: TransactionReview }) {
  const payment = escrowPaymentOf(review);
  const total = review.transfers.reduce((sum, t) => sum + t.lamports, 0n);
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="dev-wallet-review">
      <dl className="flex flex-col gap-3">
        {payment ? (
          <div className="flex flex-col gap-0.5">
            <dt className="text-vault-100">
              Pay <span className="font-mono">{lamportsToSolString(payment.lamports)} SOL</span> into this
              purchase&apos;s escrow <span className="font-mono">{shortenAddress(payment.to, 4, 4)}</span>
            </dt>
            <dd className="font-mono break-all text-vault-400">{payment.to}</dd>
          </div>
        ) : (
          review.transfers.map((transfer, i) => (
            <div key={`${transfer.to}-${i}`} className="flex flex-col gap-0.5">
              <dt className="text-vault-400">
                Send <span className="font-mono text-vault-100">{lamportsToSolString(transfer.lamports)} SOL</span> to
              </dt>
              <dd className="font-mono break-all text-vault-100">{transfer.to}</dd>
            </div>
          ))
        )}
        {review.transfers.length > 1 && (
          <div className="flex justify-between border-t border-vault-700 pt-2">
            <dt className="text-vault-300">Total</dt>
            <dd className="font-mono font-semibold text-money-300">{lamportsToSolString(total)} SOL</dd>
          </div>
        )}
        <div className="flex flex-col gap-0.5">
          <dt className="text-vault-400">Fee payer (your wallet)</dt>
          <dd className="font-mono break-all text-vault-100">{review.feePayer}</dd>
        </div>
      </dl>
      {review.otherInstructions > 0 && (
        <p className="text-gold-300">
          It also carries {review.otherInstructions} other instruction
          {review.otherInstructions === 1 ? '' : 's'} this wallet cannot describe.
        </p>
      )}
    </div>
  );
}
