import { OWNED_STATUSES, type PurchaseStatus, type PurchaseView } from '@shared/api/transactions';
import { lamportsToSolString } from '@shared/money';
import { CopyableExplorerLink, ExplorerLink } from '@web/components/explorer-link';
import { useExplorer } from '@web/lib/use-explorer';

/**
 * A purchase's settlement as rows of a details list (docs/domain.md#settlement): the escrow its payment went to, the
 * payout that paid the seller out of it, and every refund sent back from it. The record, whatever the outcome.
 */
export function SettlementRows({
  transaction,
  status = transaction.status,
}: {
  transaction: PurchaseView;
  status?: PurchaseStatus;
}) {
  const explorer = useExplorer();
  const { escrow, payoutSignature, refundSignatures } = transaction;
  const refunded = BigInt(transaction.refundedLamports);
  // When the sale stands, what came back is not a refund of it: the rest of a bid's deposit, or a second payment.
  const owned = OWNED_STATUSES.includes(status);
  return (
    <>
      {/* A sale recorded without one (the local demo shop's) has none. */}
      {escrow && (
        <>
          <dt className="text-vault-400">Escrow</dt>
          <dd>
            <CopyableExplorerLink
              value={escrow}
              href={explorer.address(escrow)}
              what="Escrow"
              data-testid="escrow-address"
            />
          </dd>
        </>
      )}
      {payoutSignature ? (
        <>
          <dt className="text-vault-400">Seller paid</dt>
          <dd>
            <ExplorerLink
              value={payoutSignature}
              href={explorer.tx(payoutSignature)}
              what="Payout transaction"
              data-testid="payout-signature"
            />
          </dd>
        </>
      ) : (
        owned &&
        escrow && (
          <>
            <dt className="text-vault-400">Seller paid</dt>
            <dd className="text-vault-300">Paying the seller out of the escrow…</dd>
          </>
        )
      )}
      {(refundSignatures.length > 0 || refunded > 0n) && (
        <>
          <dt className="text-vault-400">{owned ? 'Sent back' : 'Refunded'}</dt>
          <dd className="flex flex-col gap-1">
            <span className="font-mono text-vault-100" data-testid="refunded-amount">
              {lamportsToSolString(refunded)} SOL
            </span>
            {refundSignatures.length > 0 && (
              <ul className="flex flex-col gap-1" aria-label="Refund transactions">
                {refundSignatures.map((signature) => (
                  <li key={signature}>
                    <ExplorerLink
                      value={signature}
                      href={explorer.tx(signature)}
                      what="Refund transaction"
                      data-testid="settlement-refund-signature"
                    />
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </>
      )}
    </>
  );
}
