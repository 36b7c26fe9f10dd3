import { markReadResultSchema, markReadSchema } from '@shared/api/alerts';
import type { NotificationList } from '@shared/api/bids';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { notificationKeys } from './get-notifications';

/** POST /api/notifications/read: marks these notifications read (all of the wallet's when `ids` is left out). */
export const markRead = (ids?: readonly string[]) =>
  apiFetch('/api/notifications/read', {
    method: 'POST',
    body: markReadSchema.parse(ids ? { ids: [...ids] } : {}),
    schema: markReadResultSchema,
  });

export function useMarkRead(wallet: string) {
  const client = useQueryClient();
  const key = notificationKeys.mine(wallet);
  return useMutation({
    mutationFn: markRead,
    // The badge clears as the list opens; the next poll brings the server's word.
    onMutate: (ids) => {
      client.setQueryData<NotificationList>(key, (list) =>
        list
          ? {
              unread: ids ? Math.max(0, list.unread - ids.length) : 0,
              notifications: list.notifications.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true } : n)),
            }
          : list,
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
