import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@shared/api/errors';
import { forbidden } from './app-error';

export const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for state-changing calls (docs/domain.md#sign-in-sessions-and-roles): the Origin header, or the
 * Referer's origin when Origin is absent, must be PUBLIC_ORIGIN.
 *
 * A request with neither header is allowed. Browsers send Origin on every cross-site POST/PUT/PATCH/DELETE, so a
 * forged cross-site request always carries a foreign (or 'null') Origin and is refused here; header-less requests
 * come from curl, scripts and server-to-server callers, which cannot ride a victim's cookies anyway. Two more
 * layers back this up: the session cookie is SameSite=Lax (not sent on cross-site POSTs), and bodies must be
 * application/json, which an HTML form cannot send and cross-site fetch cannot send without a CORS preflight we
 * never grant.
 */
export function checkOrigin(request: FastifyRequest, publicOrigin: string): void {
  const claimed = claimedOrigin(request);
  if (claimed === undefined || claimed === publicOrigin) return;
  throw forbidden(ErrorCode.ORIGIN_MISMATCH, `Requests that change data must come from ${publicOrigin}.`);
}

/** The request's origin: from Origin, else from Referer; null when present but unusable, undefined when absent. */
function claimedOrigin(request: FastifyRequest): string | null | undefined {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === 'null' ? null : origin.replace(/\/$/, '');
  const referer = request.headers.referer;
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}
