import type { FastifyRequest } from 'fastify';
import { unauthorized } from './app-error';

/** Who is acting, for audit rows: a wallet and where the request came from (a phone wallet has no session). */
export interface AuditActor {
  wallet: string;
  ip?: string | null;
  userAgent?: string | null;
}

/** A signed-in caller as the services see them. */
export interface Actor extends AuditActor {
  userId: string;
}

/** The caller of a session route. The access guard has already refused a request without a session. */
export function actorOf(request: FastifyRequest): Actor {
  const session = request.session;
  if (!session) throw unauthorized();
  return {
    userId: session.userId,
    wallet: session.walletAddress,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  };
}
