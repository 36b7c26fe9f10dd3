import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { buttonClass } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';

/**
 * Last line of defence for a render error or a page chunk that failed to load (typically after a deploy
 * replaced the hashed files): offer a reload instead of a blank screen.
 */
export function RouteError() {
  const error = useRouteError();
  const description = isRouteErrorResponse(error)
    ? `${error.status}: ${error.statusText}`
    : 'The page could not be displayed. Reloading usually fixes this.';
  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
      <EmptyState
        icon={TriangleAlert}
        title="Something went wrong"
        description={description}
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
