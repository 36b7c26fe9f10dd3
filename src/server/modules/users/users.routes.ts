import { sessionResponseSchema } from '@shared/api/auth';
import { apiErrorSchema, ErrorCode } from '@shared/api/errors';
import { isAdminResponseSchema } from '@shared/api/users';
import { forbidden, unauthorized } from '../../http/app-error';
import { errorResponses } from '../../http/error-responses';
import type { AppInstance } from '../../types';
import { auditContext, recordAudit } from '../audit';
import { applyAdminWallets } from './admin-wallets';
import { usersRepository } from './users.repository';

export async function usersRoutes(app: AppInstance): Promise<void> {
  // ADMIN_WALLETS become admins when the app is ready (before it listens), on every instance: it is idempotent.
  app.addHook('onReady', async () => {
    await applyAdminWallets(app.database.db, app.env.adminWallets);
  });

  app.get(
    '/api/users/is-admin',
    {
      // Public so the browser can ask before signing in (answer: false). The x-wallet-address header it sends
      // proves nothing; the guard refuses one that differs from the session wallet, and the answer is always
      // the session's own flag, read fresh so a revoke takes effect at once.
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: "The signed-in wallet's admin flag",
        response: { 200: isAdminResponseSchema, 403: apiErrorSchema },
      },
    },
    async (request) => ({ isAdmin: request.session?.isAdmin ?? false }),
  );

  // Local mode only: the route does not exist elsewhere (a JSON 404), and the handler checks again.
  if (app.env.isLocal) await app.register(makeMeAdminRoute);
}

/**
 * POST /api/dev/make-me-admin: the signed-in wallet becomes an admin, in local mode only. Becoming admin
 * was chicken-and-egg: ADMIN_WALLETS is read at start-up, but the Local Dev Wallet's address only exists after its
 * first connect. On a real cluster, admins are granted with ADMIN_WALLETS or `npm run admin -- grant`.
 */
async function makeMeAdminRoute(app: AppInstance): Promise<void> {
  app.post(
    '/api/dev/make-me-admin',
    {
      config: { access: 'session', sessionMessage: 'Connect a wallet first: the signed-in wallet becomes the admin.' },
      schema: {
        tags: ['users'],
        summary: 'Local mode only: makes the signed-in wallet an admin',
        response: { 200: sessionResponseSchema, ...errorResponses(401, 403, 415, 429) },
      },
    },
    async (request) => {
      if (!app.env.isLocal) {
        throw forbidden(ErrorCode.LOCAL_MODE_ONLY, 'Only a local-mode server makes admins from the browser.');
      }
      const session = request.session;
      if (!session) throw unauthorized();
      const db = app.database.db;
      await db.transaction(async (tx) => {
        const granted = await usersRepository.grantAdmin(tx, session.walletAddress);
        if (granted) {
          await recordAudit(tx, {
            ...auditContext(request),
            action: 'admin.grant',
            performedBy: session.walletAddress,
            metadata: { wallet: session.walletAddress, source: 'local dev wallet' },
          });
        }
      });
      return { walletAddress: session.walletAddress, isAdmin: true };
    },
  );
}
