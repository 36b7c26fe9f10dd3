import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { listingPageSchema, type Listing } from '@shared/api/listings';
import { compiledSerializerCompiler, compileSerializer, responseJsonSchema } from './serializer';

// The real fast-json-stringify, counted: the app compiles a route's serialiser on its first answer only.
vi.mock('fast-json-stringify', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof fastJsonStringify }>()).default;
  return { default: vi.fn(real) };
});

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const both = (schema: z.ZodType) => [compileSerializer(route(schema)), zodSerializerCompiler(route(schema))];

const listing: Listing = {
  id: '6f1c1f0e-5b7a-4d55-9d0a-6f0c3c1e2a11',
  address: 'Sol1111111111111111111111111111111111111111',
  network: 'solana',
  sellerId: '0b1c1f0e-5b7a-4d55-9d0a-6f0c3c1e2a11',
  sellerWallet: 'Wa11et11111111111111111111111111111111111111',
  price: '1.5',
  currency: 'SOL',
  rarityScore: 7.25,
  estimatedValue: null,
  category: 'custom',
  pattern: 'Sol "quoted" \\ \u2028',
  patternPosition: null,
  patternLength: 3,
  caseSensitivePattern: true,
  status: 'active',
  isListed: true,
  isFeatured: false,
  isPromoted: false,
  isPremiumListing: false,
  promotionType: 'standard',
  featuredUntil: null,
  createdAt: '2026-11-27T05:00:00.000Z',
  usdPrice: 225.5,
  formattedUsd: '$225.50',
};

/** One page holding `addresses`, as the search route answers it. */
const onePage = (addresses: object[]) => ({
  addresses,
  pagination: {
    page: 1,
    pageSize: 20,
    total: addresses.length,
    totalExact: true,
    totalPages: 1,
    hasNextPage: false,
    hasPreviousPage: false,
  },
});

describe('compiledSerializerCompiler', () => {
  // The same JSON; only the order of keys may differ: fast-json-stringify writes a schema's required keys first.
  it('writes a page of listings as zod did, nulls and optional fields included', () => {
    const [compiled, zod] = both(listingPageSchema);
    const page = onePage([listing, { ...listing, soldAt: null, reservedUntil: '2026-11-27T06:00:00.000Z' }]);
    expect(JSON.parse(compiled!(page))).toStrictEqual(JSON.parse(zod!(page)));
    expect(compiled!(onePage([listing]))).toBe(zod!(onePage([listing])));
  });

  it('drops undeclared fields at every depth', () => {
    const [compiled] = both(listingPageSchema);
    const page = onePage([{ ...listing, privateKey: 'secret' }]);
    const out = compiled!({ ...page, pagination: { ...page.pagination, seller: 'x' }, debug: 'y' });
    expect(out).not.toMatch(/secret|seller"|debug/);
  });

  it('writes unions and records as zod did', () => {
    const schema = z.object({
      one: z.union([
        z.object({ kind: z.literal('a'), n: z.number() }),
        z.object({ kind: z.literal('b'), s: z.string() }),
      ]),
      counts: z.record(z.string(), z.number().int()),
      maybe: z.string().nullable().optional(),
    });
    const [compiled, zod] = both(schema);
    for (const data of [
      { one: { kind: 'a', n: 1 }, counts: { x: 1, y: 2 } },
      { one: { kind: 'b', s: 'z' }, counts: {}, maybe: null },
    ])
      expect(compiled!(data)).toBe(zod!(data));
  });

  it('fails, as zod did, when a required field is missing', () => {
    const [compiled] = both(z.object({ a: z.string() }));
    expect(() => compiled!({})).toThrow();
  });

  it('leaves a schema encoded by code (a transform, a codec, a date) to zod', () => {
    expect(responseJsonSchema(z.object({ n: z.string().transform(Number) }))).toHaveProperty('reason');
    expect(responseJsonSchema(z.object({ at: z.date() }))).toHaveProperty('reason');
    expect(responseJsonSchema(z.object({ n: z.bigint() }))).toHaveProperty('reason');
    expect(responseJsonSchema(listingPageSchema)).toHaveProperty('schema');
  });

  it('compiles when the route first answers, once, and then writes what the eager compile writes', () => {
    const compile = vi.mocked(fastJsonStringify);
    compile.mockClear();
    const lazy = compiledSerializerCompiler(route(listingPageSchema))!;
    expect(compile).not.toHaveBeenCalled();
    const page = onePage([{ ...listing, privateKey: 'secret' }]);
    const first = lazy(page);
    expect(lazy(page)).toBe(first);
    expect(compile).toHaveBeenCalledTimes(1);
    expect(first).toBe(compileSerializer(route(listingPageSchema))!(page));
    expect(first).not.toContain('secret');
  });

  it("answers with zod's serializer when fast-json-stringify refuses the JSON Schema", () => {
    const refuse = vi.mocked(fastJsonStringify).mockImplementationOnce(() => {
      throw new Error('unsupported');
    });
    const schema = z.object({ a: z.string() });
    const written = compiledSerializerCompiler(route(schema))!({ a: 'x', b: 'y' });
    expect(refuse).toHaveBeenCalled();
    expect(written).toBe(zodSerializerCompiler(route(schema))!({ a: 'x', b: 'y' }));
  });
});
