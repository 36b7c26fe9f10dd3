import { actionApiUrl } from '@shared/pay/solana-pay-url';
import { Copy, ExternalLink, Share2 } from 'lucide-react';
import { Button, buttonClass } from '@web/components/button';
import { toast } from '@web/components/toast-store';
import { useExplorer } from '@web/lib/use-explorer';

/**
 * COPY (toast 'Copied!'), SHARE (the listing's Solana Action link, docs/domain.md#solana-pay-and-actions: any blink
 * client renders a buy button from it) and VIEW (the account on Solana Explorer, in a new tab).
 */
export function AddressActions({ address }: { address: string }) {
  const explorer = useExplorer();
  async function copy(text: string, description: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied!', description, variant: 'success' });
    } catch {
      toast({ title: 'Failed to copy', variant: 'error' });
    }
  }
  return (
    <div className="flex gap-2">
      <Button variant="secondary" size="sm" onClick={() => copy(address, 'Address copied to clipboard')}>
        <Copy aria-hidden className="h-4 w-4" /> COPY
      </Button>
      <Button
        variant="secondary"
        size="sm"
        title="Copy the buy link (Solana Action) to post anywhere"
        onClick={() =>
          copy(`solana-action:${actionApiUrl(window.location.origin, address)}`, 'Buy link (Solana Action) copied')
        }
      >
        <Share2 aria-hidden className="h-4 w-4" /> Share
      </Button>
      <a
        href={explorer.address(address)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="VIEW on Solana Explorer (opens in a new tab)"
        className={buttonClass('secondary', 'sm')}
      >
        <ExternalLink aria-hidden className="h-4 w-4" /> VIEW
      </a>
    </div>
  );
}
