import { Compass } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClass } from '@web/components/button';
import { Card } from '@web/components/card';
import { EmptyState } from '@web/components/empty-state';

export function NotFoundPage() {
  return (
    <Card className="mx-auto max-w-xl">
      <EmptyState
        icon={Compass}
        titleAs="h1"
        title="404 — Page Not Found"
        description="This vault door leads nowhere. The page may have moved, or the link was mistyped."
        action={
          <>
            <Link to="/" className={buttonClass('primary')}>
              Go Home
            </Link>
            <Link to="/profile" className={buttonClass('secondary')}>
              Go to Profile
            </Link>
          </>
        }
      />
    </Card>
  );
}
