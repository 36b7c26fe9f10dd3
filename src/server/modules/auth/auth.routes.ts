import { errorResponses } from '@server/http/error-responses';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  challengeBodySchema,
  challengeResponseSchema,
  sessionResponseSchema,
  verifyBodySchema,
} from '@shared/api/auth';
import { ErrorCode } from '@shared/api/errors';
import { AppError, unauthorized } from '../../http/app-error';
import { requestOrigin } from '../../http/origin-check';
import { RATE_LIMITS } from '../../http/rate-limit';
import { clearSessionCookie, sessionCookieName, setSessionCookie } from '../../http/session-cookie';
import type { AppInstance } from '../../types';
import { auditContext, recordAudit } from '../audit';
import { issueChallenge, verifySignIn } from './auth.service';
import { hashSessionToken } from './session';
import { sessionsRepository } from './sessions.repository';

const errors = errorResponses(400, 401, 403, 415, 429);

/** Sign-In With Solana and the session (docs/domain.md#sign-in-sessions-and-roles). */
export async function authRoutes(app: AppInstance): Promise<void> {
  // The sign-in message names the page's own origin (SIWS domain): in local mode that may be localhost, 127.0.0.1 or
  // PUBLIC_ORIGIN (env.allowedOrigins); the guard has already refused any other. Verify rebuilds it the same way, so
  // a challenge fetched from one origin and verified from another is refused as altered.
  const site = (request: FastifyRequest) => ({
    publicOrigin: requestOrigin(request, app.env),
    cluster: app.env.cluster,
  });
  const cookieName = sessionCookieName(app.env.publicOrigin);

  app.post(
    '/api/auth/challenge',
    {
      // walletMatch off: signing in as another wallet while a session exists is how a user switches wallets.
      config: { access: 'public', walletMatch: false, rateLimit: RATE_LIMITS.signIn },
      schema: {
        tags: ['auth'],
        summary: 'A Sign-In With Solana input and the exact text to sign',
        body: challengeBodySchema,
        response: { 200: challengeResponseSchema, ...errors },
      },
    },
    async (request) => issueChallenge(app.database.db, site(request), request.body.address),
  );

  app.post(
    '/api/auth/verify',
    {
      config: { access: 'public', walletMatch: false, rateLimit: RATE_LIMITS.signIn },
      schema: {
        tags: ['auth'],
        summary: 'Checks the signed challenge and starts a session (cookie)',
        body: verifyBodySchema,
        response: { 200: sessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const db = app.database.db;
      const { ip, userAgent } = auditContext(request);
      const address = request.body.input.address;
      let result;
      try {
        result = await verifySignIn(db, site(request), request.body, { ip, userAgent });
      } catch (err) {
        if (err instanceof AppError && err.code === ErrorCode.INVALID_SIGN_IN) {
          await recordAudit(db, {
            action: 'auth.sign_in_failed',
            performedBy: address,
            ip,
            userAgent,
            metadata: { reason: err.message },
          });
        }
        throw err;
      }
      // A session this browser already had (another wallet, say) ends here rather than lingering.
      const previous = request.cookies[cookieName];
      if (previous) await sessionsRepository.deleteByTokenHash(db, hashSessionToken(previous));
      await sessionsRepository.purgeExpired(db);
      await recordAudit(db, { action: 'auth.sign_in', performedBy: address, ip, userAgent });
      setSessionCookie(reply, app.env.publicOrigin, result.token);
      return { walletAddress: result.user.walletAddress, isAdmin: result.user.isAdmin };
    },
  );

  app.get(
    '/api/auth/session',
    {
      config: { access: 'session' },
      schema: { tags: ['auth'], summary: 'The signed-in wallet', response: { 200: sessionResponseSchema, ...errors } },
    },
    async (request) => {
      const session = request.session;
      if (!session) throw unauthorized();
      return { walletAddress: session.walletAddress, isAdmin: session.isAdmin };
    },
  );

  // The browser's own check on every page load: "nobody" is an answer, not an error, so it is a 200 with null.
  // Chromium logs every 4xx fetch as a console error, and a visitor without a wallet is the common case.
  app.get(
    '/api/auth/session-status',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in wallet, or null (never a 401)',
        response: { 200: sessionResponseSchema.nullable(), ...errors },
      },
    },
    async (request) => {
      const session = request.session;
      return session ? { walletAddress: session.walletAddress, isAdmin: session.isAdmin } : null;
    },
  );

  app.post(
    '/api/auth/logout',
    {
      // Public and idempotent: logging out with an expired session still clears the cookie.
      config: { access: 'public', walletMatch: false },
      schema: { tags: ['auth'], summary: 'Ends the session', response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const token = request.cookies[cookieName];
      if (token) {
        const ended = await sessionsRepository.deleteByTokenHash(app.database.db, hashSessionToken(token));
        if (ended) {
          await recordAudit(app.database.db, {
            ...auditContext(request),
            action: 'auth.sign_out',
            performedBy: ended.walletAddress,
          });
        }
      }
      clearSessionCookie(reply, app.env.publicOrigin);
      return reply.code(204).send(null);
    },
  );
}
