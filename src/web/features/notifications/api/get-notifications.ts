import { notificationListSchema } from '@shared/api/bids';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiFetch } from '@web/lib/api-client';

export const notificationKeys = { mine: (wallet: string) => ['notifications', wallet] as const };

/** GET /api/notifications: the signed-in wallet's notifications, newest first, and how many are unread. */
export const getNotifications = (signal?: AbortSignal) =>
  apiFetch('/api/notifications', { schema: notificationListSchema, signal });

/**
 * The bell asks every 10 s. TanStack Query pauses an interval while the tab is hidden (refetchIntervalInBackground
 * is off), so a tab left open in the background does not keep asking. It stops once the server answers 401: the
 * session ended (signed out in another tab, or expired), and asking again would only be refused again.
 */
export const notificationsQueryOptions = (wallet: string) =>
  queryOptions({
    queryKey: notificationKeys.mine(wallet),
    queryFn: ({ signal }) => getNotifications(signal),
    staleTime: 0,
    refetchInterval: (query) => (sessionEnded(query.state.error) ? false : 10_000),
    refetchIntervalInBackground: false,
  });

export const useNotifications = (wallet: string | null) =>
  useQuery({ ...notificationsQueryOptions(wallet ?? ''), enabled: wallet !== null });

const sessionEnded = (error: Error | null) => error instanceof ApiRequestError && error.status === 401;
