import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '@web/lib/cn';

export const fieldClass =
  'w-full rounded-lg border border-vault-600 bg-vault-950/70 px-3 text-sm text-vault-100 placeholder:text-vault-500 ' +
  'transition-colors hover:border-vault-500 focus:border-money-400 focus:outline-none focus-visible:outline-2 ' +
  'disabled:opacity-50 aria-[invalid=true]:border-danger-500';

export function Input({
  className,
  ref,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} className={cn(fieldClass, 'h-10', className)} {...rest} />;
}

/** A label + control + hint/error group; pass the control's id so the label and messages are wired up. */
export function Field({
  id,
  label,
  hint,
  error,
  compact = false,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** A filter bar's field: a smaller label, closer to its control, and a width its grid cell may shrink. */
  compact?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={compact ? 'flex min-w-0 flex-col gap-1' : 'flex flex-col gap-1.5'}>
      <label
        htmlFor={id}
        className={compact ? 'text-xs font-medium text-vault-300' : 'text-sm font-medium text-vault-200'}
      >
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-vault-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger-400">
          {error}
        </p>
      )}
    </div>
  );
}
