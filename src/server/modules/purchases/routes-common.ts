import type { FastifyRequest } from 'fastify';
import { apiErrorSchema } from '@shared/api/errors';
import { unauthorized } from '@server/http/app-error';
import type { Actor } from './deps';

export const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
  415: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
};

/** The signed-in caller as an audit actor. The guard has already refused a request without a session. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.session) throw unauthorized();
  return { wallet: request.session.walletAddress, ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}
