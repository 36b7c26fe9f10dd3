import { z } from 'zod';

/**
 * Every error response body (docs/domain.md#errors). `error` is a stable upper-snake code the browser branches on;
 * `message` is for people. Codes follow simple rules: `*_NOT_FOUND`, `INVALID_*`, `*_MISMATCH` (errors.ts).
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
