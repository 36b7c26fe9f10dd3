import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@web/lib/cn';

export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  className,
  titleAs: Title = 'h2',
}: {
  /** h1 when the empty state is the whole page (404), so the page still has one top heading. */
  titleAs?: 'h1' | 'h2' | 'h3';
  icon?: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center gap-3 px-4 py-12 text-center', className)}>
      {Icon && (
        <span className="grid h-12 w-12 place-items-center rounded-full bg-vault-800 text-vault-300 ring-1 ring-vault-600">
          <Icon aria-hidden className="h-6 w-6" />
        </span>
      )}
      <Title className="text-lg font-semibold text-vault-100">{title}</Title>
      {description && <p className="max-w-md text-sm text-vault-300">{description}</p>}
      {action && <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div>}
    </div>
  );
}
