import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@shared/api/errors';
import { forbidden } from './app-error';

export const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for state-changing calls (docs/domain.md#sign-in-sessions-and-roles): the Origin header, or the
 * Referer's origin when Origin is absent, must be PUBLIC_ORIGIN (in local mode also http://localhost:PORT and
 * http://127.0.0.1:PORT, env.allowedOrigins). The refusal names the origin to open, which the web app shows.
 *
 * A request with neither header is allowed. Browsers send Origin on every cross-site POST/PUT/PATCH/DELETE, so a
 * forged cross-site request always carries a foreign (or 'null') Origin and is refused here; header-less requests
 * come from curl, scripts and server-to-server callers, which cannot ride a victim's cookies anyway. Two more
 * layers back this up: the session cookie is SameSite=Lax (not sent on cross-site POSTs), and bodies must be
 * application/json, which an HTML form cannot send and cross-site fetch cannot send without a CORS preflight we
 * never grant.
 */
export function checkOrigin(
  request: FastifyRequest,
  origins: { publicOrigin: string; allowedOrigins: readonly string[] },
): void {
  const claimed = claimedOrigin(request);
  if (claimed === undefined || (claimed !== null && origins.allowedOrigins.includes(claimed))) return;
  const from = claimed === null ? 'a page without an origin' : claimed;
  throw forbidden(
    ErrorCode.ORIGIN_MISMATCH,
    `This server only accepts changes from ${origins.publicOrigin}, not from ${from}. Open ${origins.publicOrigin} and try again.`,
  );
}

/**
 * The allowed origin a request came from, for answers that name the page's own origin (the sign-in message's
 * domain); PUBLIC_ORIGIN for a request without one (curl, tests) or from elsewhere (refused before it gets here).
 */
export function requestOrigin(
  request: FastifyRequest,
  origins: { publicOrigin: string; allowedOrigins: readonly string[] },
): string {
  const claimed = claimedOrigin(request);
  return claimed && origins.allowedOrigins.includes(claimed) ? claimed : origins.publicOrigin;
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
