import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema, ErrorCode } from '@shared/api/errors';
import { ApiRequestError, apiFetch } from './api-client';

function answer(status: number, body: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, statusText: 'Conflict' })),
  );
}

async function failure(): Promise<ApiRequestError> {
  const error: unknown = await apiFetch('/api/anything').catch((e: unknown) => e);
  if (!(error instanceof ApiRequestError)) throw new Error('expected an ApiRequestError');
  return error;
}

describe('apiFetch error bodies (docs/domain.md#errors)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a code of the registry and its message', async () => {
    answer(409, JSON.stringify({ error: ErrorCode.LISTING_NOT_AVAILABLE, message: 'Sold just now' }));
    const error = await failure();
    expect([error.status, error.code, error.message]).toEqual([409, 'LISTING_NOT_AVAILABLE', 'Sold just now']);
  });

  it("reads a code this build does not know as an error with the server's message, coded by status", async () => {
    const body = { error: 'A_CODE_FROM_A_NEWER_SERVER', message: 'Try later' };
    // The server's own schema refuses such a code; the browser must not.
    expect(apiErrorSchema.safeParse(body).success).toBe(false);
    answer(409, JSON.stringify(body));
    const error = await failure();
    expect([error.code, error.message]).toEqual(['HTTP_409', 'Try later']);
  });

  it('codes a body without `{ error, message }` by its status', async () => {
    answer(409, '<html>proxy</html>');
    const error = await failure();
    expect([error.code, error.message]).toEqual(['HTTP_409', '409: <html>proxy</html>']);
  });
});
