import { apiErrorSchema } from '@shared/api/errors';
import { isAdminResponseSchema } from '@shared/api/users';
import type { AppInstance } from '../../types';
import { applyAdminWallets } from './admin-wallets';

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
}
