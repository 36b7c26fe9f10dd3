import { z } from 'zod';
import { ErrorCode } from './error-codes';

/** One of the registry's codes (error-codes.ts): the closed set, built from the same object. */
export const errorCodeSchema = z.enum(ErrorCode);

/**
 * Every error response body (docs/domain.md#errors). `error` is a stable upper-snake code the browser branches on;
 * `message` is for people. Codes follow simple rules: `*_NOT_FOUND`, `INVALID_*`, `*_MISMATCH` (error-codes.ts).
 * The server's response schemas use this closed one, so the OpenAPI document lists every code and tsc refuses a reply
 * with any other (the compiled serialiser checks types, not values: src/server/http/serializer.ts).
 */
export const apiErrorSchema = z.object({
  error: errorCodeSchema,
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * The same body as the browser reads it: any code. A server older or newer than the page may answer with a code this
 * build does not know; refusing the body would lose the server's message, so the browser keeps it and maps the code
 * (`isErrorCode`) instead. An unknown code is still an error, never a crash.
 */
export const tolerantApiErrorSchema = apiErrorSchema.extend({ error: z.string() });
