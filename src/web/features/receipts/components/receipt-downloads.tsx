import type { Receipt } from '@shared/trust/receipt-schema';
import { FileDown } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@web/components/button';
import { useReceipts } from '../api/get-receipts';
import { RECEIPT_KINDS } from '../receipt-kinds';

/** Saves one receipt as a JSON file, exactly as the server signed it (statement, signature, signer). */
function download(receipt: Receipt) {
  const blob = new Blob([JSON.stringify(receipt, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  const { statement } = receipt;
  const owner = 'transactionId' in statement ? statement.transactionId : statement.orderId;
  a.download = `vanity-vault-${RECEIPT_KINDS[statement.type].file}-receipt-${owner}.json`;
  a.click();
  URL.revokeObjectURL(url);
}

/** One signed receipt, downloaded as its JSON file. */
export function ReceiptDownloadButton({ receipt }: { receipt: Receipt }) {
  return (
    <Button variant="secondary" size="sm" onClick={() => download(receipt)}>
      <FileDown aria-hidden className="h-4 w-4" /> {RECEIPT_KINDS[receipt.statement.type].label}
    </Button>
  );
}

export function VerifyReceiptLink() {
  return (
    <Link
      to="/verify-receipt"
      className="text-sm text-vault-300 underline-offset-2 hover:text-money-300 hover:underline"
    >
      Verify a receipt
    </Link>
  );
}

/** The buyer's signed receipts of one purchase (docs/domain.md#receipts), each a download, with where to check them. */
export function ReceiptDownloads({ transactionId, enabled = true }: { transactionId: string; enabled?: boolean }) {
  const receipts = useReceipts(transactionId, enabled);
  if (!enabled || !receipts.data?.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="receipt-downloads">
      {receipts.data.map(({ kind, ...receipt }) => (
        <ReceiptDownloadButton key={kind} receipt={receipt} />
      ))}
      <VerifyReceiptLink />
    </div>
  );
}
