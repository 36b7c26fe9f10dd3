import type { BulkCreateResponse } from '../api/listings';
import { lineOfMessage, type BulkLineError } from './types';

/**
 * The server's answer for the rows it was sent, plus the lines the browser could not read and never sent, as one
 * result ("6 created 2 failed" above 4 error lines, out of order). Every line that did not become a listing
 * is counted in `failed` and has exactly one error, and the errors are in line order, whichever side found them.
 */
export function withParseErrors(
  response: BulkCreateResponse,
  parseErrors: readonly BulkLineError[],
): BulkCreateResponse {
  if (parseErrors.length === 0) return response;
  const errors = [...parseErrors.map((e) => e.message), ...response.errors]
    .map((message, index) => ({ message, line: lineOfMessage(message), index }))
    .sort((a, b) => a.line - b.line || a.index - b.index)
    .map((e) => e.message);
  return { ...response, failed: response.failed + parseErrors.length, errors };
}
