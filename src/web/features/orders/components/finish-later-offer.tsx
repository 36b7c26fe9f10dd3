import type { Order } from '@shared/api/orders';
import { FileWarning } from 'lucide-react';
import { Button } from '@web/components/button';
import { finishLaterText, type SplitKeySecret } from '../split-key-secret';

/** Saves the finish-later file: a Blob URL made on click and revoked at once, so the secret sits in no URL. */
export function downloadFinishLater(secret: SplitKeySecret, order?: Pick<Order, 'id' | 'address'> | null) {
  const blob = new Blob([finishLaterText(secret, order)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `split-key-finish-later${order ? `-${order.id.slice(0, 8)}` : ''}-NOT-A-WALLET-KEY.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The split key's secret, offered as a file before the order is placed: the only way to finish the mint from
 * another tab, later, or in the buyer's own tool. It is labelled for what it is: not a wallet key.
 */
export function FinishLaterOffer({
  secret,
  order,
  downloaded,
  onDownloaded,
}: {
  secret: SplitKeySecret;
  order?: Pick<Order, 'id' | 'address'> | null;
  downloaded: boolean;
  onDownloaded(): void;
}) {
  return (
    <div
      className="flex flex-col gap-3 rounded-xl bg-gold-400/5 p-4 ring-1 ring-gold-400/30"
      data-testid="finish-later"
    >
      <p className="flex items-start gap-2 text-sm text-vault-200">
        <FileWarning aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-gold-300" />
        <span>
          Your split key's secret exists only in this page. Download it{' '}
          <strong>to finish later or use in your own tool</strong>; without it, closing this tab loses the address. It
          is <strong>not a wallet key</strong>: no wallet can import it. Keep it private until your mint exists.
        </span>
      </p>
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => {
          downloadFinishLater(secret, order);
          onDownloaded();
        }}
      >
        {downloaded ? 'Download the finish-later file again' : 'Download the finish-later file'}
      </Button>
    </div>
  );
}
