import type { ReactNode } from 'react';

export function SectionTitle({
  id,
  title,
  count,
  actions,
}: {
  id: string;
  title: string;
  count?: number;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 id={id} className="flex items-center gap-2 text-xl font-semibold text-vault-100">
        {title}
        {count !== undefined && (
          <span className="rounded-full bg-vault-800 px-2 py-0.5 text-xs font-semibold text-vault-300 ring-1 ring-vault-600">
            {count}
          </span>
        )}
      </h2>
      {actions}
    </div>
  );
}
