import { ExplorerLink } from '@web/components/explorer-link';
import { useExplorer } from '@web/lib/use-explorer';

/** The refunds that landed from a bid's or offer's escrow, each linked to the chain. */
export function RefundLinks({ signatures }: { signatures: readonly string[] }) {
  const explorer = useExplorer();
  if (signatures.length === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-vault-300" data-testid="bid-refunds">
      {signatures.length === 1 ? 'Deposit refunded:' : 'Refunds:'}
      {signatures.map((signature) => (
        <ExplorerLink key={signature} value={signature} href={explorer.tx(signature)} what="Refund transaction" />
      ))}
    </p>
  );
}
