import type { ReactNode } from 'react';

/** A page's placeholder while it loads: the caller's skeleton blocks, announced once to screen readers. */
export function PageSkeleton({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6" aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {children}
    </div>
  );
}
