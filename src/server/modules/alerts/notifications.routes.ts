import { errorResponses } from '@server/http/error-responses';
import { markReadResultSchema, markReadSchema } from '@shared/api/alerts';
import { notificationListSchema, type Notification } from '@shared/api/bids';
import type { AppInstance } from '../../types';
import { notificationsRepository, type NotificationRow } from './notifications.repository';
import { sessionOf } from './session';

/** The bell shows this many; older ones stay in the table. */
const BELL_SIZE = 50;
const config = { access: 'session' } as const;

const notificationView = (n: NotificationRow): Notification => ({
  id: n.id.toString(),
  kind: n.kind,
  message: n.message,
  data: n.data,
  read: n.readAt !== null,
  createdAt: n.createdAt.toISOString(),
});

/** GET /api/notifications, POST /api/notifications/read: the signed-in wallet's bell. */
export async function notificationsRoutes(app: AppInstance): Promise<void> {
  const db = () => app.database.db;

  app.get(
    '/api/notifications',
    {
      config,
      schema: {
        tags: ['alerts'],
        summary: `The signed-in wallet's notifications, newest first (the last ${BELL_SIZE}), and how many are unread`,
        response: { 200: notificationListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { walletAddress } = sessionOf(request);
      const [rows, unread] = await Promise.all([
        notificationsRepository.latest(db(), walletAddress, BELL_SIZE),
        notificationsRepository.unreadCount(db(), walletAddress),
      ]);
      return { notifications: rows.map(notificationView), unread };
    },
  );

  app.post(
    '/api/notifications/read',
    {
      config,
      // No body at all means "all": read as `{}`. A body that is there must be an object (JSON null is refused).
      preValidation: async (request) => {
        const sent = request.headers['content-length'] ?? request.headers['transfer-encoding'];
        if (request.body == null && (sent === undefined || sent === '0')) request.body = {};
      },
      schema: {
        tags: ['alerts'],
        summary: "Mark notifications read: the listed ids, or all of the wallet's when `ids` is left out",
        body: markReadSchema,
        response: { 200: markReadResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { walletAddress } = sessionOf(request);
      const marked = await notificationsRepository.markRead(db(), walletAddress, request.body.ids, new Date());
      return { marked, unread: await notificationsRepository.unreadCount(db(), walletAddress) };
    },
  );
}
