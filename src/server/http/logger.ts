import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/**
 * Secrets never reach a log line (docs/domain.md#key-vault): pino censors these paths wherever a request, a body or an
 * error object is logged. We also never log request bodies; this is the second line of defence.
 */
export const REDACTED_PATHS = [
  'privateKey',
  '*.privateKey',
  '*.*.privateKey',
  '*.*.*.privateKey',
  'addressData[*].privateKey',
  '*.addressData[*].privateKey',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  '*.headers.cookie',
  '*.headers.authorization',
  'cookie',
  'authorization',
  'signature',
  'signedMessage',
];

/**
 * LOG_LEVEL, and how lines are written: pretty and coloured in a terminal (pino-pretty, in pino's transport worker, so
 * the formatting costs the server nothing), one JSON object per line otherwise (a file, a pipe, a log collector).
 * Redaction happens before either.
 */
export function loggerOptions(level: string, opts: { pretty: boolean }): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(opts.pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
          },
        }
      : {}),
  };
}

/** The level a finished request is logged at: a served page or read is routine; refusals and failures are not. */
export function responseLogLevel(statusCode: number): 'debug' | 'info' | 'warn' {
  if (statusCode >= 500) return 'warn'; // the error handler logs the error itself at error
  if (statusCode >= 400) return 'info';
  return 'debug';
}

/**
 * Fastify's own hook for its request log lines (the `logController` option): one line per request, at debug when it
 * succeeded (every request at info was 5,000 lines in 20 minutes). LOG_LEVEL=debug shows them all again.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const res = { statusCode: reply.statusCode };
    const fields = { req: { method: request.method, url: request.url }, res, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log[responseLogLevel(reply.statusCode)](fields, 'request completed');
  }
}
