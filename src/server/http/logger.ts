import type { FastifyServerOptions } from 'fastify';

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

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
}
