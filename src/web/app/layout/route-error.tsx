import { TriangleAlert } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { buttonClass } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';

/**
 * Last line of defence for a render error or a page chunk that failed to load (typically after a deploy
 * replaced the hashed files): offer a reload instead of a blank screen.
 */
export function RouteError() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
      <EmptyState
        icon={TriangleAlert}
        title="Something went wrong"
        description="The page could not be displayed. Reloading usually fixes this."
        action={
          <>
            <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
              Reload
            </button>
            <Link to="/" className={buttonClass('secondary')}>
              Home
            </Link>
          </>
        }
      />
    </main>
  );
}

interface BoundaryState {
  failed: boolean;
  /** The page the boundary last rendered: going to another one (the Home link, back) tries again. */
  pathname: string;
}

class Boundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState): BoundaryState | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** Shows RouteError in place of the whole layout when rendering fails, until the visitor goes to another page. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
