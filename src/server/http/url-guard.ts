import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@shared/api/errors';
import { badRequest } from './app-error';

/**
 * The NUL and path guard of every route, not only /api: the link-preview picture, the sitemap
 * pages, the static files and the page fallback read their path too, and `GET /og/address/abc%00.png` reached
 * PostgreSQL and answered 500. Runs first on every request (an onRequest hook of the root), before any route's own
 * code, so a new route is covered without opting in. The /api guard (guards.ts, nul-check.ts) still checks parsed
 * bodies, which only exist later.
 *
 * Refused with 400 VALIDATION_FAILED:
 * - a NUL (U+0000) anywhere in the path or the query string, raw or %-encoded;
 * - a path segment that is `.` or `..` once decoded, or a segment holding an encoded `/` or a `\`: no route of this
 *   app names such a segment, and each is a way to climb out of a static root or smuggle a second path past a
 *   prefix check.
 *
 * A malformed %-escape is left to the router, which refuses it with its own message (framework-errors.ts).
 */
export function refuseHostileUrl(request: FastifyRequest): void {
  const url = request.raw.url ?? '/';
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  const rawQuery = q === -1 ? '' : url.slice(q + 1);
  if (holdsNul(rawPath)) throw refused('path');
  if (holdsNul(rawQuery)) throw refused('query');
  for (const rawSegment of rawPath.split('/')) {
    const segment = decoded(rawSegment);
    if (segment === undefined) continue;
    if (segment === '.' || segment === '..' || segment.includes('/') || segment.includes('\\')) {
      throw badRequest(
        ErrorCode.VALIDATION_FAILED,
        'The URL path holds a "." or ".." segment, an encoded "/" or a "\\", which no route accepts.',
      );
    }
  }
}

const refused = (where: 'path' | 'query') =>
  badRequest(ErrorCode.VALIDATION_FAILED, `The ${where} holds a NUL character (\\u0000), which no field accepts.`);

/** Raw or %-encoded; a malformed escape elsewhere in the text does not hide an encoded NUL. */
const holdsNul = (text: string) => text.includes('\0') || /%00/i.test(text);

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
