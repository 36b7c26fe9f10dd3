import { actionApiUrl } from '@shared/pay/solana-pay-url';
import { ChevronDown, Copy, ExternalLink, Share2, Zap } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button, buttonClass } from '@web/components/button';
import { toast } from '@web/components/toast-store';
import { addressPath } from '@web/features/listings';
import { cn } from '@web/lib/cn';
import { useExplorer } from '@web/lib/use-explorer';

/**
 * COPY (toast 'Copied!'), Share and VIEW (the account on Solana Explorer, in a new tab). Share copies the page's web
 * link, which opens anywhere a link is pasted; the Blink link (the listing's Solana Action,
 * docs/domain.md#solana-pay-and-actions, which only a blink client turns into a buy button) is the second choice.
 */
export function AddressActions({ address, leading }: { address: string; leading?: ReactNode }) {
  const explorer = useExplorer();
  const more = useRef<HTMLDetailsElement>(null);
  async function copy(text: string, description: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied!', description, variant: 'success' });
    } catch {
      toast({ title: 'Failed to copy', variant: 'error' });
    }
  }
  // The menu closes like any menu: a click elsewhere or Escape.
  useEffect(() => {
    const close = (event: Event) => {
      const menu = more.current;
      if (!menu?.open) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !menu.contains(event.target as Node)) {
        menu.open = false;
      }
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, []);
  const pageLink = () => new URL(addressPath(address), window.location.origin).toString();
  return (
    <div className="flex flex-wrap items-center gap-2">
      {leading}
      <Button variant="secondary" size="sm" onClick={() => copy(address, 'Address copied to clipboard')}>
        <Copy aria-hidden className="h-4 w-4" /> COPY
      </Button>
      <div className="flex">
        <Button
          variant="secondary"
          size="sm"
          className="rounded-r-none"
          title="Copy this page's link to post anywhere"
          onClick={() => copy(pageLink(), 'Link to this page copied')}
        >
          <Share2 aria-hidden className="h-4 w-4" /> Share
        </Button>
        <details ref={more} className="relative">
          <summary
            aria-label="More ways to share"
            className={cn(
              buttonClass('secondary', 'sm'),
              'cursor-pointer list-none rounded-l-none px-2 [&::-webkit-details-marker]:hidden',
            )}
          >
            <ChevronDown aria-hidden className="h-4 w-4" />
          </summary>
          <div className="absolute right-0 z-20 mt-1 w-64 rounded-xl border border-vault-700 bg-vault-900 p-1 shadow-vault">
            <button
              type="button"
              className="flex w-full items-start gap-2 rounded-lg px-3 py-2 text-left text-sm text-vault-100 hover:bg-vault-800"
              onClick={() => {
                if (more.current) more.current.open = false;
                void copy(`solana-action:${actionApiUrl(window.location.origin, address)}`, 'Blink link copied');
              }}
            >
              <Zap aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-gold-300" />
              <span>
                Copy Blink link
                <span className="block text-xs text-vault-400">A buy button in wallets and apps that show Blinks</span>
              </span>
            </button>
          </div>
        </details>
      </div>
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
