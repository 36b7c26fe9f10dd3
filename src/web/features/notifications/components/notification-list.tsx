import type { Notification } from '@shared/api/bids';
import { Link } from 'wouter';
import { cn } from '@web/lib/cn';
import { notificationLink } from '../notification-link';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The bell's items, newest first; one unread when the list opened keeps its dot. */
export function NotificationList({
  notifications,
  loading,
  error,
  fresh,
  onFollow,
}: {
  notifications: readonly Notification[] | undefined;
  loading: boolean;
  error: Error | null;
  /** The ids unread when the list opened. */
  fresh: ReadonlySet<string>;
  onFollow(): void;
}) {
  if (loading) return <p className="px-2 py-3 text-sm text-vault-400">Loading…</p>;
  if (error) {
    return (
      <p role="alert" className="px-2 py-3 text-sm text-danger-400">
        Failed to fetch notifications: {error.message}
      </p>
    );
  }
  if (!notifications?.length) return <p className="px-2 py-3 text-sm text-vault-400">Nothing yet.</p>;
  return (
    <ul className="flex flex-col" aria-label="Your notifications">
      {notifications.map((n) => {
        const isNew = fresh.has(n.id) || !n.read;
        return (
          <li key={n.id}>
            <Link
              to={notificationLink(n)}
              onClick={onFollow}
              data-testid="notification"
              data-kind={n.kind}
              className="flex gap-2 rounded-lg px-2 py-2 text-sm hover:bg-vault-800"
            >
              <span
                aria-hidden
                className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', isNew ? 'bg-money-400' : 'bg-transparent')}
              />
              <span className="min-w-0 wrap-anywhere">
                <span className={isNew ? 'font-medium text-vault-100' : 'text-vault-300'}>{n.message}</span>
                {isNew && <span className="sr-only"> (new)</span>}
                <span className="block text-xs text-vault-400">{when.format(new Date(n.createdAt))}</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
