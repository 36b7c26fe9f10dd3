import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@shared/api/errors';

const MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The URL is not validly percent-encoded.',
  FST_ERR_MAX_PARAM_LENGTH: 'A value in the URL path is too long.',
};

/**
 * Fastify's `frameworkErrors` option. The router refuses a malformed %-escape or a path parameter over 100
 * characters before any route or error handler runs, and would answer `{ error: 'Bad Request', code: 'FST_…' }`;
 * this gives those refusals the `{ error: CODE, message }` body (docs/domain.md#errors) like every other one.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message = err.code ? MESSAGES[err.code] : undefined;
  if (!message) {
    void reply.code(500).send({ error: ErrorCode.INTERNAL_ERROR, message: 'Something went wrong on our side.' });
    return;
  }
  void reply.code(err.statusCode ?? 400).send({ error: ErrorCode.VALIDATION_FAILED, message });
}
