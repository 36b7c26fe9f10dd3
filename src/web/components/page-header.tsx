import type { ReactNode } from 'react';

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-vault-100 sm:text-3xl">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-vault-300 sm:text-base">{subtitle}</p>}
      </div>
      {/* Its own width: a status badge beside a long subtitle keeps to one line rather than wrap inside its pill. */}
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
