import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@web/lib/cn';
import { Button } from './button';
import { CopyButton } from './copy-button';

/**
 * A secret (a revealed private key) in a monospace block, masked until the user chooses to show it, with a
 * copy button. It lives only in React state: never written to storage, a cookie or the console.
 */
export function SecretBlock({ value, label, className }: { value: string; label: string; className?: string }) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <span id={id} className="text-xs font-semibold tracking-wide text-vault-300 uppercase">
          {label}
        </span>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
            {visible ? <EyeOff aria-hidden className="h-4 w-4" /> : <Eye aria-hidden className="h-4 w-4" />}
            {visible ? 'Hide' : 'Show'}
          </Button>
          <CopyButton value={value} label="Copy" showLabel />
        </div>
      </div>
      <output
        aria-labelledby={id}
        data-testid="secret-value"
        data-masked={!visible}
        className={cn(
          'block rounded-lg border border-gold-400/30 bg-vault-950 px-3 py-3 font-mono text-sm break-all',
          visible ? 'text-gold-300' : 'text-vault-400 select-none',
        )}
      >
        {visible ? value : '•'.repeat(Math.min(value.length, 64))}
      </output>
    </div>
  );
}
