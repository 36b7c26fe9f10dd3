import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/**
 * zod types whose encoded JSON is not what a JSON Schema of the output says: a codec, transform or pipe encodes
 * through code, a default or catch may put a value where the handler gave none. A schema holding one is left to
 * zod's serializer.
 */
const ENCODED_BY_CODE = new Set(['pipe', 'transform', 'default', 'prefault', 'catch', 'success', 'custom']);

/**
 * The JSON Schema a route's response is serialised by, from its zod schema (one source of truth), or why there is
 * none. `additionalProperties: false` on every object (zod's output side) is what keeps an undeclared field (a
 * listing's private data, say) out of the answer, as zod's strip did.
 */
export function responseJsonSchema(schema: unknown): { schema: object } | { reason: string } {
  if (!(schema instanceof $ZodType)) return { reason: 'not a zod schema' };
  try {
    const json = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'throw',
      reused: 'inline',
      cycles: 'ref',
      override: ({ zodSchema }) => {
        const type = zodSchema._zod.def.type;
        if (ENCODED_BY_CODE.has(type)) throw new Error(`a ${type} is encoded by code`);
      },
    }) as Record<string, unknown>;
    // fast-json-stringify's Ajv knows draft 7, not 2020-12; the keyword is not needed to serialise.
    const { $schema: _dialect, id: _id, $id: _dollarId, ...rest } = json;
    return { schema: rest };
  } catch (err) {
    return { reason: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Responses are written by a serialiser compiled (fast-json-stringify) from a JSON Schema of the route's zod
 * schema: zod's own encode-and-check was a large part of a computed search page's JavaScript. A
 * schema that cannot be said in JSON Schema falls back to zod's serializer for that route and status.
 *
 * What changes: zod checked every value and answered 500 for one of the wrong type; the compiled serialiser
 * coerces a wrong scalar (the types are checked by tsc against the same schemas) and still fails, with the same
 * 500, on a missing required field. Undeclared fields are dropped by both.
 */
export const compileSerializer: FastifySerializerCompiler<$ZodType> = (route) => {
  const found = responseJsonSchema(route.schema);
  if ('reason' in found) return zodSerializerCompiler(route);
  let stringify: (data: unknown) => string;
  try {
    stringify = fastJsonStringify(found.schema);
  } catch {
    // A JSON Schema fast-json-stringify cannot compile: zod's serializer answers for this route, as it did before.
    return zodSerializerCompiler(route);
  }
  return (data) => {
    try {
      return stringify(data);
    } catch (err) {
      // The error handler's 500 for a response that does not match its schema, as zod's serializer raised it.
      const message = err instanceof Error ? err.message : String(err);
      const cause = new z.ZodError([{ code: 'custom', path: [], message, input: data }]);
      throw new ResponseSerializationError(route.method, route.url, { cause });
    }
  };
};

/**
 * The app's serializer compiler: each route and status compiles its serialiser when it first answers. Compiling
 * all of them (several hundred) took about half a second of every start, a restart's and each test app's, for
 * routes most processes never answer.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<$ZodType> = (route) => {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => (serialize ??= compileSerializer(route))(data);
};
