import { setImmediate as nextTurn } from 'node:timers/promises';
import { RpcError, RpcErrorCode } from './rpc-error';
import { EncodeBudget } from './encode-budget';
import { Base64Data } from './encoded-data';
import type { CallContext, MethodHandler } from './methods/params';

type Id = string | number | null;
const MAX_BATCH = 100;

export function errorResponse(id: Id, code: number, message: string, data?: unknown) {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
}

type Envelope =
  { id: Id; method: string; params: unknown; notification: boolean } | { invalid: ReturnType<typeof errorResponse> };

/**
 * A JSON-RPC 2.0 request's envelope, or the "Invalid request" answer it earns; over HTTP and PubSub alike. A
 * `notification` (no id) gets no answer over PubSub.
 */
export function readEnvelope(request: unknown): Envelope {
  if (!request || typeof request !== 'object' || Array.isArray(request)) {
    return { invalid: errorResponse(null, RpcErrorCode.INVALID_REQUEST, 'Invalid request') };
  }
  const { jsonrpc, method, params, id: rawId } = request as Record<string, unknown>;
  const id: Id = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
  if (jsonrpc !== '2.0' || typeof method !== 'string') {
    return { invalid: errorResponse(id, RpcErrorCode.INVALID_REQUEST, 'Invalid request') };
  }
  return { id, method, params, notification: !('id' in request) };
}

/** Handlers may use bigint; the wire has JSON numbers (kit turns them back into bigint). */
export function toJsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Base64Data) return value;
  if (Array.isArray(value)) return value.map(toJsonSafe);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonSafe(v)]));
  }
  return value;
}

/**
 * Runs before each call of a request or batch, and may refuse it by throwing an RpcError: what lets a caller charge
 * a rate limit per call rather than per HTTP request (a batch of 100 airdrops is 100 airdrops).
 */
export type CallGuard = (method: string) => void | Promise<void>;

async function handleOne(
  methods: Record<string, MethodHandler>,
  request: unknown,
  call: CallContext,
  admit?: CallGuard,
) {
  const envelope = readEnvelope(request);
  if ('invalid' in envelope) return envelope.invalid;
  const { id, method, params } = envelope;
  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
  if (!handler) return errorResponse(id, RpcErrorCode.METHOD_NOT_FOUND, 'Method not found');
  try {
    await admit?.(method);
    return { jsonrpc: '2.0', id, result: toJsonSafe(await handler(params, call)) };
  } catch (error) {
    if (error instanceof RpcError) return errorResponse(id, error.code, error.message, toJsonSafe(error.data));
    return errorResponse(id, RpcErrorCode.INTERNAL_ERROR, `Internal error: ${(error as Error).message}`);
  }
}

/**
 * JSON-RPC 2.0 over a method table: a request or a batch in (already parsed, or raw text), response object(s)
 * out. Never throws: bad input of any kind becomes a JSON-RPC error response.
 */
export function createJsonRpcHandler(methods: Record<string, MethodHandler>) {
  return async function handle(body: unknown, admit?: CallGuard): Promise<unknown> {
    let parsed = body;
    if (typeof body === 'string') {
      try {
        parsed = JSON.parse(body);
      } catch {
        return errorResponse(null, RpcErrorCode.PARSE_ERROR, 'Parse error');
      }
    }
    // One budget for the whole request: a batch of 100 reads may not encode 100 times what one read may.
    const call: CallContext = { budget: new EncodeBudget() };
    if (!Array.isArray(parsed)) return handleOne(methods, parsed, call, admit);
    if (parsed.length === 0 || parsed.length > MAX_BATCH) {
      return errorResponse(null, RpcErrorCode.INVALID_REQUEST, 'Invalid request');
    }
    // Sequentially, so a batch sees its own earlier effects, as a single-threaded node would.
    const responses = [];
    for (const request of parsed) {
      // A turn of the event loop between calls: a batch of 100 reads is 100 answers, not one long one.
      if (responses.length > 0) await nextTurn();
      responses.push(await handleOne(methods, request, call, admit));
    }
    return responses;
  };
}
