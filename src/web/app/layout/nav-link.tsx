import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';

/**
 * A header link that marks its section as the current one (`aria-current="page"`) on its page and on the pages under
 * it; with `end`, on its own page only.
 */
export function NavLink({
  to,
  end = false,
  className,
  children,
}: {
  to: string;
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
  children: ReactNode;
}) {
  const [pathname] = useLocation();
  const isActive = pathname === to || (!end && pathname.startsWith(`${to}/`));
  return (
    <Link to={to} className={className({ isActive })} aria-current={isActive ? 'page' : undefined}>
      {children}
    </Link>
  );
}
