import { unauthorized } from '../../http/app-error';

/** The signed-in wallet of a `access: 'session'` route (the guard already refused anyone else). */
export const sessionOf = (request: { session: { userId: string; walletAddress: string } | null }) => {
  if (!request.session) throw unauthorized();
  return request.session;
};
