import type { ErrorCode } from '@shared/api/error-codes';
import type { z } from 'zod';

/**
 * Codes the browser gives a failure of its own, one the server never sends (so they are not in ErrorCode). With
 * ErrorCode they are every code a failed call may carry: no other code string exists in the web app.
 */
export const BrowserErrorCode = {
  /** A success body that does not match its schema. */
  INVALID_RESPONSE: 'INVALID_RESPONSE',
  /** A sealed key this tab could not open (docs/domain.md#sealed-delivery). */
  SEAL_OPEN_FAILED: 'SEAL_OPEN_FAILED',
} as const;
/**
 * `HTTP_<status>`: an error answer without a code this build knows — no `{ error, message }` body (a proxy's page), or
 * a code of an older or newer server. It is still an error, with the server's message when there is one.
 */
type StatusCode = `HTTP_${number}`;
export type BrowserErrorCode = (typeof BrowserErrorCode)[keyof typeof BrowserErrorCode] | StatusCode;
export type ClientErrorCode = ErrorCode | BrowserErrorCode;

/** The code of an error answer: the server's when this build knows it, else its status. */
export async function errorCodeOf(status: number, code: string | undefined): Promise<ClientErrorCode> {
  if (code === undefined) return `HTTP_${status}`;
  // The registry loads when an error arrives, like the error body's schema: no page needs it to paint.
  const { isErrorCode } = await import('@shared/api/error-codes');
  return isErrorCode(code) ? code : `HTTP_${status}`;
}

/**
 * A failed API call. `code` is the server's stable upper-snake code (docs/domain.md#errors) to branch on; `message` is
 * for people: the server's message, or — when the body has none — "status: body text"
 * (docs/product-spec.md#shared-rule).
 */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    readonly status: number,
    readonly code: ClientErrorCode,
    message: string,
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions<S extends z.ZodType | undefined> {
  method?: Method;
  /** Sent as JSON. */
  body?: unknown;
  /**
   * Validates the success body; its output type becomes the result type. A function returning a promise of the schema
   * (`() => import('@shared/api/auth').then((m) => m.sessionResponseSchema)`) loads it, and Zod with it, only when a
   * request is made: what the first render of every page asks for (session, config) keeps Zod out of the entry chunk
   * (docs/decisions/0014-first-paint.md).
   */
  schema?: S | (() => Promise<S>);
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Error statuses whose body is still the answer, validated by `schema` like a 200: the ledger check's 409 carries
   * its report (the differences), not an error.
   */
  answerStatuses?: readonly number[];
}

type Result<T, S> = S extends z.ZodType ? z.output<S> : T;

/**
 * The one HTTP helper: JSON in and out, cookies included (the session cookie is HttpOnly). It only throws;
 * showing toasts or redirecting is the caller's decision.
 */
export async function apiFetch<T = unknown, S extends z.ZodType | undefined = undefined>(
  path: string,
  options: ApiFetchOptions<S> = {},
): Promise<Result<T, S>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  // Loaded while the request is in flight, not after it.
  const schema = typeof options.schema === 'function' ? options.schema() : options.schema;
  // A failed request never awaits it; a failed chunk load then is not an unhandled rejection.
  if (schema instanceof Promise) schema.catch(() => undefined);

  const response = await fetch(path, {
    method: options.method ?? 'GET',
    credentials: 'include',
    // The browser's copy of a public read (marketplace, Home) is always revalidated, answered 304 when it is
    // still right: the server decides freshness, not a stale-while-revalidate window meant for shared caches,
    // so a seller sees their own edit as soon as the server does.
    cache: 'no-cache',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });

  if (!response.ok && !options.answerStatuses?.includes(response.status)) throw await toApiError(response);
  if (response.status === 204) return undefined as Result<T, S>;

  const data: unknown = await response.json();
  const validator = await schema;
  if (!validator) return data as Result<T, S>;
  const parsed = validator.safeParse(data);
  if (!parsed.success) {
    throw new ApiRequestError(response.status, BrowserErrorCode.INVALID_RESPONSE, `Unexpected response from ${path}`);
  }
  return parsed.data as Result<T, S>;
}

async function toApiError(response: Response): Promise<ApiRequestError> {
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // Error bodies are read rarely: their schema (and Zod) load when one arrives. Tolerant of codes this build does not
  // know (error-schema.ts): the message still reaches the person.
  const { tolerantApiErrorSchema } = await import('@shared/api/error-schema');
  const body = tolerantApiErrorSchema.safeParse(json);
  const code = await errorCodeOf(response.status, body.success ? body.data.error : undefined);
  if (body.success && body.data.message) return new ApiRequestError(response.status, code, body.data.message);
  return new ApiRequestError(response.status, code, `${response.status}: ${text || response.statusText}`);
}

export function isApiError(error: unknown, code?: ClientErrorCode): error is ApiRequestError {
  return error instanceof ApiRequestError && (code === undefined || error.code === code);
}
