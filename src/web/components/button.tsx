import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '@web/lib/cn';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'premium';
type Size = 'sm' | 'md' | 'lg' | 'icon';

const variants: Record<Variant, string> = {
  primary: 'bg-money-500 text-vault-950 hover:bg-money-400 shadow-[0_0_0_1px_rgb(52_211_153/0.4)]',
  secondary: 'bg-vault-800 text-vault-100 ring-1 ring-inset ring-vault-600 hover:bg-vault-700',
  ghost: 'text-vault-200 hover:bg-vault-800 hover:text-vault-100',
  danger: 'bg-danger-500 text-white hover:bg-danger-400',
  premium: 'bg-premium-500 text-white hover:bg-premium-400',
};

const sizes: Record<Size, string> = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-3 text-sm gap-2 sm:px-4',
  lg: 'h-12 px-6 text-base gap-2',
  icon: 'h-9 w-9 justify-center',
};

export const buttonClass = (variant: Variant = 'primary', size: Size = 'md', className?: string) =>
  cn(
    'inline-flex items-center justify-center rounded-lg font-semibold whitespace-nowrap transition-colors',
    'disabled:pointer-events-none disabled:opacity-50',
    variants[variant],
    sizes[size],
    className,
  );

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  /** Shows a spinner and disables the button; the label stays so screen readers know what is pending. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant, size, loading, className, disabled, children, type, ...rest }: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={buttonClass(variant, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size="sm" />}
      {children}
    </button>
  );
}
