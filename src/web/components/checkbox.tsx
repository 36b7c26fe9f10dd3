import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

/** A checkbox with its label beside it, so a click on the text toggles it too. */
export function Checkbox({
  checked,
  onChange,
  className,
  children,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={cn('flex items-center gap-2 text-sm text-vault-200', className)}>
      <input
        type="checkbox"
        className="h-4 w-4 accent-money-500"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {children}
    </label>
  );
}
