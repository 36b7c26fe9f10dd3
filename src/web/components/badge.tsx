import type { HTMLAttributes } from 'react';
import { cn } from '@web/lib/cn';

type Tone = 'neutral' | 'money' | 'premium' | 'gold' | 'info' | 'danger';

const tones: Record<Tone, string> = {
  neutral: 'bg-vault-800 text-vault-200 ring-vault-600',
  money: 'bg-money-500/10 text-money-300 ring-money-500/40',
  premium: 'bg-premium-500/10 text-premium-300 ring-premium-500/40',
  gold: 'bg-gold-400/10 text-gold-300 ring-gold-400/40',
  info: 'bg-sky-500/10 text-sky-300 ring-sky-500/40',
  danger: 'bg-danger-500/10 text-danger-400 ring-danger-500/40',
};

export function Badge({ tone = 'neutral', className, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone?: Tone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ring-1 ring-inset',
        tones[tone],
        className,
      )}
      {...rest}
    />
  );
}
