import { shortenAddress } from '@shared/format/address';
import { ExternalLink } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { CopyButton } from './copy-button';

/**
 * An address or signature shortened to its ends, linked to Solana Explorer in a new tab, in its parent's text size. The whole value is its title;
 * the accessible name says what it is and where the link goes, and starts with the text a sighted user reads.
 */
export function ExplorerLink({
  value,
  href,
  what,
  className,
  'data-testid': testId,
}: {
  value: string;
  href: string;
  /** What the value is, e.g. 'Refund transaction' or 'Escrow'. */
  what: string;
  className?: string;
  'data-testid'?: string;
}) {
  const short = shortenAddress(value, 6, 6);
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      title={value}
      aria-label={`${short}: ${what} on Solana Explorer (opens in a new tab)`}
      data-testid={testId}
      className={cn('inline-flex items-center gap-1 rounded font-mono text-sky-300 hover:text-sky-200', className)}
    >
      {short}
      <ExternalLink aria-hidden className="h-3.5 w-3.5 shrink-0" />
    </a>
  );
}

/** ExplorerLink with a copy button beside it: for an address someone may need whole (an escrow to compare or pay). */
export function CopyableExplorerLink(props: Parameters<typeof ExplorerLink>[0]) {
  return (
    <span className="inline-flex items-center gap-2">
      <ExplorerLink {...props} />
      <CopyButton value={props.value} label={`Copy ${props.what.toLowerCase()}`} />
    </span>
  );
}
