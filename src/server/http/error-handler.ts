import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode, type ApiError } from '@shared/api/errors';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  STORAGE_FULL_MESSAGE,
  databaseAnswers,
  isConnectionFailure,
  isStorageFull,
} from '../db/availability';
import { AppError } from './app-error';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

interface ErrorReply extends ApiError {
  issues?: { path: string; message: string }[];
}

/** Fastify's own client errors, by their codes, mapped to our stable codes and plain messages. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ErrorCode.INVALID_JSON, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: ErrorCode.INVALID_JSON,
    message: "The request body is empty but its Content-Type is 'application/json'.",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ErrorCode.BODY_TOO_LARGE, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    message: 'Send the request body as application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: ErrorCode.VALIDATION_FAILED,
    message: 'The Content-Length header does not match the body.',
  },
};

/**
 * One error handler for the whole app (docs/domain.md#errors): `{ error: CODE, message }`, 5xx internals never leak.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send({ error: err.code, message: err.message } satisfies ErrorReply);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: [err.validationContext, ...(v.instancePath ? v.instancePath.split('/').filter(Boolean) : [])].join('.'),
        message: v.message ?? 'is invalid',
      }));
      const first = issues[0];
      return reply.code(400).send({
        error: ErrorCode.VALIDATION_FAILED,
        message: first ? humanIssue(first) : 'The request is invalid.',
        issues,
      } satisfies ErrorReply);
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, url: request.url }, 'response did not match its schema');
      return reply.code(500).send({ error: ErrorCode.INTERNAL_ERROR, message: INTERNAL_MESSAGE });
    }
    const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
    if (known) {
      return reply.code(err.statusCode ?? 400).send({ error: known.code, message: known.message });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ error: ErrorCode.RATE_LIMITED, message: err.message });
    }
    if (status >= 400 && status < 500) {
      // A client error from a plugin we did not map: keep its status, give it a generic code.
      return reply.code(status).send({ error: ErrorCode.BAD_REQUEST, message: err.message } satisfies ErrorReply);
    }
    if (isStorageFull(err)) {
      // Operators must see this one: nothing can be written until space is freed (then it recovers by itself).
      request.log.error({ err }, 'request failed: no space left to write (disk full)');
      return reply.code(503).send({ error: ErrorCode.SERVICE_UNAVAILABLE, message: STORAGE_FULL_MESSAGE });
    }
    // A lost database is an outage, not a bug: 503 tells the browser (and a load balancer) to try again later.
    if (isConnectionFailure(err) || !(await databaseAnswers(request.server.database))) {
      request.log.warn({ err }, 'request failed: database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ error: ErrorCode.SERVICE_UNAVAILABLE, message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ error: ErrorCode.INTERNAL_ERROR, message: INTERNAL_MESSAGE });
  });
}

/** zod's own default messages, which say what is wrong but not where. */
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized|Expected|Required)\b/;

/**
 * Every message names its field. Our own schema messages are sentences that already do ('Price is required',
 * 'Private key is required…', 'No valid addresses found…'); zod's defaults ('Invalid input: expected string, received
 * undefined') and lower-case fragments do not, and get the field's path.
 */
export function humanIssue(issue: { path: string; message: string }): string {
  // 'privateKey' is named by 'Private key is required': compare letters and digits only, case-blind.
  const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  const field = squash(issue.path.split('.').at(-1) ?? '');
  const named = field !== '' && squash(issue.message).includes(field);
  const ours = /^[A-Z]/.test(issue.message) && !ZOD_DEFAULT.test(issue.message);
  return named || ours ? issue.message : `${issue.path}: ${issue.message}`;
}
