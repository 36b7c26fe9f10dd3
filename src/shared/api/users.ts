import { z } from 'zod';

/** GET /api/users/is-admin: the signed-in wallet's admin flag; false without a session. */
export const isAdminResponseSchema = z.object({ isAdmin: z.boolean() });
