import { ExternalLink } from 'lucide-react';
import { buttonClass } from './button';
import { CopyButton } from './copy-button';

/** A long identifier (transaction hash, address) with copy and an optional explorer link. */
export function HashField({
  label,
  value,
  href,
  linkLabel = 'View on Solana Explorer',
  onCopied,
}: {
  label: string;
  value: string;
  href?: string;
  linkLabel?: string;
  onCopied?: () => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-xs font-semibold tracking-wide text-vault-400 uppercase">{label}</span>
      <div className="flex items-center gap-2">
        <code
          // A signature breaks anywhere (base58 has no hyphen to misread) rather than overflow or hide its middle.
          className="min-w-0 flex-1 rounded-lg break-all bg-vault-950/70 px-3 py-2 font-mono text-sm text-vault-100 ring-1 ring-vault-700"
        >
          {value}
        </code>
        <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} onCopied={onCopied} />
        {href && (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={linkLabel}
            title={linkLabel}
            className={buttonClass('secondary', 'icon')}
          >
            <ExternalLink aria-hidden className="h-4 w-4" />
          </a>
        )}
      </div>
    </div>
  );
}
