import { FileDown } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@web/components/button';
import { useReceipts, type ReceiptWithKind } from '../api/get-receipts';

const LABEL: Record<ReceiptWithKind['kind'], string> = { sale: 'Sale receipt', destroy: 'Destroy receipt' };

/** Saves one receipt as a JSON file, exactly as the server signed it (statement, signature, signer). */
function download(receipt: ReceiptWithKind) {
  const { kind, ...signed } = receipt;
  const blob = new Blob([JSON.stringify(signed, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  const owner = 'transactionId' in receipt.statement ? receipt.statement.transactionId : receipt.statement.orderId;
  a.download = `vanity-vault-${kind}-receipt-${owner}.json`;
  a.click();
  URL.revokeObjectURL(url);
}

/** The buyer's signed receipts of one purchase (docs/domain.md#receipts), each a download, with where to check them. */
export function ReceiptDownloads({ transactionId, enabled = true }: { transactionId: string; enabled?: boolean }) {
  const receipts = useReceipts(transactionId, enabled);
  if (!enabled || !receipts.data?.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="receipt-downloads">
      {receipts.data.map((receipt) => (
        <Button key={receipt.kind} variant="secondary" size="sm" onClick={() => download(receipt)}>
          <FileDown aria-hidden className="h-4 w-4" /> {LABEL[receipt.kind]}
        </Button>
      ))}
      <Link
        to="/verify-receipt"
        className="text-sm text-vault-300 underline-offset-2 hover:text-money-300 hover:underline"
      >
        Verify a receipt
      </Link>
    </div>
  );
}
