import { Copy, ExternalLink } from 'lucide-react';
import { Button, buttonClass } from '@web/components/button';
import { toast } from '@web/components/toast-store';
import { useExplorer } from '@web/features/listings';

/** COPY (toast 'Copied!') and VIEW (the account on Solana Explorer, in a new tab). */
export function AddressActions({ address }: { address: string }) {
  const explorer = useExplorer();
  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      toast({ title: 'Copied!', description: 'Address copied to clipboard', variant: 'success' });
    } catch {
      toast({ title: 'Failed to copy', variant: 'error' });
    }
  }
  return (
    <div className="flex gap-2">
      <Button variant="secondary" size="sm" onClick={copy}>
        <Copy aria-hidden className="h-4 w-4" /> COPY
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
