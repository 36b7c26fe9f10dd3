import fc from 'fast-check';

/**
 * Hostile building blocks for the property-based API tests (tests/api/http/hostile-input.test.ts): strings and JSON
 * values an attacker or a broken client would send. Everything here is data; nothing is secret.
 */

export const SQL_INJECTION = [
  "' OR '1'='1",
  "'; DROP TABLE addresses; --",
  '1; SELECT pg_sleep(30)--',
  "%' OR 1=1 --",
  "\\'; DELETE FROM users WHERE ''='",
  '$$; TRUNCATE sessions; $$',
  "' UNION SELECT encrypted_private_key FROM encrypted_keys --",
  '%',
  '_',
  '\\',
  "E'\\x00'",
] as const;

export const SCRIPT_INJECTION = [
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '"><svg onload=alert(1)>',
  "javascript:alert('x')",
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
  '</script><script>alert(1)</script>',
] as const;

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

export const UNICODE_TRICKS = [
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\u202Eevil',
  'zero\u200Bwidth',
  'e\u0301\u0301\u0301',
  'İıß',
  '１２３',
  '١٢٣',
  '😀🔥💀',
  '\uD800',
  '\uDFFF\uD800',
  '\r\n\t\v\f',
  ' ',
] as const;

/** Prices and amounts as text: the forms a float-happy or hostile client sends. */
export const NUMBERISH_STRINGS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-0',
  '0',
  '1e309',
  '-1e309',
  '1e-9',
  '0.000000001',
  '1.123456789',
  '0x10',
  '1_000',
  '+1',
  '.5',
  '5.',
  '1,5',
  '1e3',
  '9'.repeat(40),
  '0.1e1',
  ' 1 ',
] as const;

/** Numbers that survive JSON.stringify: extremes, fractions, negatives. */
export const HOSTILE_NUMBERS = [
  -1,
  -0,
  0,
  0.1 + 0.2,
  1e-9,
  1.123456789,
  5e-324,
  1e21,
  1.7976931348623157e308,
  -1.7976931348623157e308,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 64,
  -(2 ** 31),
] as const;

/** JSON number literals as raw text; some (NaN, Infinity) are not JSON at all, 1e309 parses to Infinity. */
export const RAW_NUMBER_LITERALS = ['NaN', 'Infinity', '-Infinity', '1e309', '-1e309', '1e-400', '-0', '00', '01'];

export const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** Characters that look base58 but are not: 0, O, I and l. */
export const NOT_BASE58 = '0OIl';

/** A base58-looking string (32 to 88 characters) with at least one forbidden character in it. */
export const forbiddenBase58 = fc
  .tuple(
    fc.string({ unit: fc.constantFrom(...BASE58), minLength: 32, maxLength: 88 }),
    fc.constantFrom(...NOT_BASE58),
    fc.nat(),
  )
  .map(([s, bad, at]) => {
    const i = at % s.length;
    return s.slice(0, i) + bad + s.slice(i + 1);
  });

/** A long string of `size` characters in [min, max], built by repetition so generation stays cheap. */
export const hugeString = (min = 1_000, max = 200_000) =>
  fc
    .tuple(fc.integer({ min, max }), fc.constantFrom('A', '💀', "'", '<', '\\u0000', '1'))
    .map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n));

/**
 * Kilobytes of incompressible base58 from a seed (cheap to generate, reproducible): too big for a btree index entry
 * even after PostgreSQL compresses it.
 */
export const randomText = fc.tuple(fc.integer({ min: 3_000, max: 9_000 }), fc.integer()).map(([n, seed]) => {
  let x = seed | 1;
  let out = '';
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) | 0;
    out += BASE58[(x >>> 16) % BASE58.length];
  }
  return out;
});

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SQL_INJECTION, ...SCRIPT_INJECTION, ...PROTOTYPE_KEYS), weight: 4 },
  { arbitrary: fc.constantFrom(...UNICODE_TRICKS, ...NUMBERISH_STRINGS), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 80 }), weight: 3 },
  { arbitrary: forbiddenBase58, weight: 2 },
  { arbitrary: fc.string({ unit: fc.constantFrom(...BASE58), maxLength: 90 }), weight: 1 },
  { arbitrary: hugeString(300, 5_000), weight: 1 },
  { arbitrary: randomText, weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...SQL_INJECTION, ...SCRIPT_INJECTION), fc.string({ unit: 'binary', maxLength: 20 }))
      .map(([a, b]) => a + b),
    weight: 2,
  },
);

export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...PROTOTYPE_KEYS, 'isAdmin', 'sellerId', 'status', 'userId', 'role', ''),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

/** Any JSON value with hostile leaves, nested a little. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.constantFrom(...HOSTILE_NUMBERS),
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Safe for a URL: encodeURIComponent throws on lone surrogates, which a real client cannot send anyway. */
export const encodePath = (s: string) =>
  encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
