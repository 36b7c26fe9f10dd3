import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, type ButtonProps } from './button';
import { toast } from './toast-store';

// docs/product-spec.md#constants-and-limits: the check mark stays for 2 seconds after a copy.
const COPIED_MS = 2000;

export function CopyButton({
  value,
  label = 'Copy',
  onCopied,
  showLabel = false,
  ...buttonProps
}: { value: string; label?: string; onCopied?: () => void; showLabel?: boolean } & Omit<
  ButtonProps,
  'onClick' | 'value'
>) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      onCopied?.();
    } catch {
      toast({ title: 'Failed to copy', variant: 'error' });
    }
  }

  const Icon = copied ? Check : Copy;
  return (
    <Button
      variant="secondary"
      size={showLabel ? 'sm' : 'icon'}
      aria-label={showLabel ? undefined : copied ? 'Copied' : label}
      onClick={copy}
      {...buttonProps}
    >
      <Icon aria-hidden className={copied ? 'h-4 w-4 text-money-400' : 'h-4 w-4'} />
      {showLabel && (copied ? 'Copied' : label)}
    </Button>
  );
}
