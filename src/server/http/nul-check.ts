import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@shared/api/errors';
import { badRequest } from './app-error';

/**
 * PostgreSQL text cannot hold U+0000: a NUL anywhere in a query, path or JSON body would reach SQL and fail there
 * with a 500. No field of this API means a NUL, so such a request is refused up front (docs/domain.md#errors: bad input
 * of any kind gets a 4xx).
 */
export function refuseNulCharacters(request: FastifyRequest): void {
  const parts = { query: request.query, path: request.params, body: request.body };
  for (const [where, value] of Object.entries(parts)) {
    if (holdsNul(value)) {
      throw badRequest(
        ErrorCode.VALIDATION_FAILED,
        `The ${where} holds a NUL character (\\u0000), which no field accepts.`,
      );
    }
  }
}

/** Walks parsed JSON (a tree, however deep) without recursion. */
function holdsNul(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes('\0')) return true;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\0')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}
