import fc from 'fast-check';
import { fillPath } from './routes';
import { sample } from './schema';
import { FIXTURE_KEYPAIRS, token } from './tokens';
import {
  build,
  json,
  pathValues,
  perRoute,
  role,
  routeRecord,
  session,
  type HostileRequest,
  type RequestContext,
  type Role,
  type SizedBody,
} from './requests';
import { hostileString } from './values';

/**
 * Hostile transport: sizes, content types, malformed JSON, headers, methods and multipart bodies. See requests.ts
 * for what `mustRefuse` means.
 */

export const sizedPayload = (body: SizedBody): Buffer => {
  const { size, shape } = body;
  if (shape === 'not-json') return Buffer.from(`{${'x'.repeat(Math.max(0, size - 1))}`);
  if (shape === 'json-string') return Buffer.from(`"${'a'.repeat(Math.max(0, size - 2))}"`);
  return Buffer.from(`{"pad":"${'a'.repeat(Math.max(0, size - 10))}"}`);
};

export const MAX_BODY_BYTES = 10 * 1024 * 1024;
const SIZE_EDGES = [1, 2, 255 * 1024, 256 * 1024, 256 * 1024 + 1, 1024 * 1024, MAX_BODY_BYTES];

/** Bodies from 1 byte to 10 MB: not JSON, a bare JSON string, or an object with one huge field. */
export function sizeRequests(ctx: RequestContext): fc.Arbitrary<HostileRequest> {
  const routes = ctx.routes.filter((r) => r.changesState);
  return perRoute(routes, (route) =>
    routeRecord(route, ctx.hints, {
      size: fc.oneof(fc.constantFrom(...SIZE_EDGES), fc.integer({ min: 1, max: MAX_BODY_BYTES })),
      shape: fc.constantFrom<SizedBody['shape']>('json-string', 'object-pad', 'not-json'),
    }).map(({ size, shape, ...parts }) => {
      const why =
        shape === 'not-json'
          ? 'the body is not JSON'
          : shape === 'json-string' && route.body
            ? 'the body is not an object'
            : null;
      return build('size', route, { ...parts, headers: json }, { payload: { shape, size }, mustRefuse: why });
    }),
  );
}

/** What Fastify's JSON parser (secure-json-parse) accepts: JSON, after one leading byte-order mark. */
export function isJson(text: string): boolean {
  try {
    JSON.parse(text.replace(/^\uFEFF/, ''));
    return true;
  } catch {
    return false;
  }
}

const MALFORMED_JSON = [
  '{"a":}',
  "{'a':1}",
  '[1,]',
  '{"a":1}}',
  '{"a":1,}',
  '{a:1}',
  '{"price": NaN}',
  '{"price": Infinity}',
  '{"price": 1e309',
  '{"a":01}',
  '{"a":"\u0000"}',
  '{"a":"\\x41"}',
  'undefined',
  'nul',
  '"unterminated',
  '{"__proto__":',
  '\uFEFF\uFEFF{}',
  '['.repeat(100_000),
];

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 120,
});
/** Header-safe hostile text: printable ASCII only, as an HTTP parser would let through. */
export const headerValue = fc.oneof(
  printable,
  hostileString.filter((s) => /^[\x20-\x7e]*$/.test(s)),
  fc.integer({ min: 1_000, max: 8_000 }).map((n) => 'A'.repeat(n)),
);

const WRONG_TYPES = [
  'text/plain',
  'text/csv',
  'text/html',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/octet-stream',
  'application/jsonx',
  'application/json-patch+json',
  'application/vnd.api+json',
  'json',
  '*/*',
  '',
];
const ACCEPTED_TYPES = new Set(['application/json', 'multipart/form-data']);
const mediaType = (header: string) => header.split(';')[0]!.trim().toLowerCase();

/** Valid JSON sent as another type (415), and malformed JSON sent as JSON (400). */
export function contentTypeRequests(ctx: RequestContext): fc.Arbitrary<HostileRequest> {
  const routes = ctx.routes.filter((r) => r.changesState);
  return perRoute(routes, (route) => {
    const jsonText = (route.body ? sample(route.body, ctx.hints) : fc.constant({})).map((v) => JSON.stringify(v));
    const malformed = fc
      .oneof(
        fc.constantFrom(...MALFORMED_JSON),
        jsonText.chain((t) => fc.integer({ min: 1, max: Math.max(1, t.length - 1) }).map((i) => t.slice(0, i))),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 200 }),
      )
      .filter((t) => t.trim() !== '' && !isJson(t));
    const wrongType = fc
      .oneof(fc.constantFrom(...WRONG_TYPES), printable)
      .filter((t) => !ACCEPTED_TYPES.has(mediaType(t)));
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    const payload = fc.oneof(
      fc.tuple(wrongType, jsonText).map(([type, text]) => ({ type, text, why: `a body sent as "${type}"` })),
      fc
        .tuple(fc.constantFrom('application/json', 'application/json; charset=utf-8', 'Application/JSON'), malformed)
        .map(([type, text]) => ({ type, text, why: 'malformed JSON' })),
      fc.constant({ type: 'application/json', text: deep, why: route.body ? 'the body is not an object' : null }),
    );
    return routeRecord(route, ctx.hints, { payload }).map(({ payload: p, ...parts }) =>
      build(
        'content-type',
        route,
        { ...parts, headers: { 'content-type': p.type } },
        { payload: p.text, mustRefuse: p.why },
      ),
    );
  });
}

const EVIL_ORIGINS = ['null', 'https://evil.example', 'http://localhost:5001', 'http://localhost:5000.evil.example'];

/** Hostile headers: a foreign wallet, Origin or Referer, garbage cookies and anything else a client can send. */
export function headerRequests(ctx: RequestContext): fc.Arbitrary<HostileRequest> {
  const other = fc.dictionary(
    fc.constantFrom(
      'accept',
      'accept-encoding',
      'accept-language',
      'user-agent',
      'x-forwarded-for',
      'x-forwarded-host',
      'x-forwarded-proto',
      'x-real-ip',
      'authorization',
      'if-none-match',
      'if-modified-since',
      'range',
      'x-http-method-override',
      'content-encoding',
    ),
    headerValue,
    { maxKeys: 4 },
  );
  return perRoute(ctx.routes, (route) =>
    routeRecord(route, ctx.hints, {
      wallet: fc.option(headerValue, { freq: 3 }),
      origin: fc.option(fc.oneof(fc.constantFrom(...EVIL_ORIGINS), headerValue), { freq: 3 }),
      referer: fc.option(fc.oneof(fc.constantFrom('https://evil.example/x', 'not a url'), headerValue), { freq: 3 }),
      cookie: fc.option(
        fc.oneof(
          headerValue.map((v) => `vv_session=${v}`),
          fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((v) => `vv_session=${v}`),
          headerValue,
        ),
        { freq: 3 },
      ),
      other,
      body: route.body ? sample(route.body, ctx.hints) : fc.constant(undefined),
    }).map(({ wallet, origin, referer, cookie, other: rest, body, ...parts }) => {
      const headers: Record<string, string> = { ...rest, ...(body === undefined ? {} : json) };
      if (wallet !== null) headers['x-wallet-address'] = wallet;
      if (origin !== null) headers.origin = origin;
      if (referer !== null) headers.referer = referer;
      // Appended after the session cookie, which therefore still wins (the first of a name is the one read).
      if (cookie !== null) headers.cookie = cookie;
      const why =
        (wallet !== null && parts.who !== 'anonymous' && route.walletMatch && 'a foreign x-wallet-address') ||
        (route.changesState && foreignOrigin(origin, referer, ctx.publicOrigin)) ||
        null;
      const payload = body === undefined ? undefined : JSON.stringify(body);
      return build('headers', route, { ...parts, headers }, { payload, mustRefuse: why });
    }),
  );
}

/** docs/domain.md#sign-in-sessions-and-roles: the Origin, else the Referer's origin, must be ours when present. */
function foreignOrigin(origin: string | null, referer: string | null, ours: string): string | null {
  if (origin !== null) return origin.replace(/\/$/, '') === ours ? null : `Origin ${origin}`;
  if (referer === null) return null;
  let from: string | null = null;
  try {
    from = new URL(referer).origin;
  } catch {
    // not a URL: refused like a foreign one
  }
  return from === ours ? null : `Referer ${referer}`;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const patternOf = (url: string) =>
  new RegExp(
    `^${url
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:[A-Za-z0-9_]+/g, '[^/]+')
      .replace('*', '.*')}/?$`,
  );

/** Methods a URL does not take, and paths under /api that do not exist: 404, never a 5xx. */
export function methodRequests(ctx: RequestContext): fc.Arbitrary<HostileRequest> {
  const patterns = ctx.routes.map((r) => ({ method: r.method, re: patternOf(r.url) }));
  const takes = (path: string, method: string) =>
    patterns.some((p) => p.re.test(path) && (p.method === method || (method === 'HEAD' && p.method === 'GET')));
  const unknownPath = fc
    .array(fc.oneof(fc.constantFrom('addresses', 'transactions', 'admin', 'users', '..', '.', ''), hostileString), {
      minLength: 1,
      maxLength: 4,
    })
    .map((segments) => `/api/${segments.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '?'))).join('/')}`);
  return perRoute(ctx.routes, (route) =>
    fc
      .record({
        who: role,
        session,
        method: fc.constantFrom(...METHODS),
        path: pathValues(route, ctx.hints),
        elsewhere: fc.option(unknownPath, { freq: 3 }),
      })
      .map(({ method, elsewhere, ...parts }) => {
        const url = elsewhere ?? fillPath(route, parts.path);
        // As the client resolves it: dot segments go ('/api/..' is '/'), which leaves /api and is no API call.
        const path = new URL(url, 'http://x').pathname;
        const exists = !path.startsWith('/api/') || takes(path, method) || takes(decodeSafe(path), method);
        const payload = method === 'GET' || method === 'OPTIONS' ? undefined : '{}';
        const base = build('method', route, { ...parts, headers: payload ? json : {} }, { url, payload });
        // The role refusal of `route` does not apply to another method or path.
        return { ...base, method, mustRefuse: exists ? null : `no route ${method} ${path}` };
      }),
  );
}

function decodeSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

const safeName = printable.map((s) => s.replace(/["\\]/g, '_'));

/** multipart/form-data bodies, well-formed or broken, carrying hostile CSV files. */
export function multipartRequests(ctx: RequestContext): fc.Arbitrary<HostileRequest> {
  const routes = ctx.routes.filter((r) => r.changesState);
  const key = fc.integer({ min: 0, max: FIXTURE_KEYPAIRS - 1 });
  const line = fc.oneof(
    key.map((i) => `${token('ADDR', i)},${token('KEY', i)}`),
    fc
      .tuple(key, key, hostileString, hostileString)
      .map(([a, k, pattern, price]) => [token('ADDR', a), token('KEY', k), pattern, price].join(',')),
    fc.constant('address,private_key,platform,pattern_type,pattern'),
    hostileString,
  );
  const csv = fc
    .tuple(fc.array(line, { maxLength: 6 }), fc.constantFrom('\n', '\r\n', '\r'))
    .map(([lines, eol]) => lines.map((l) => l.replace(/\r|\n/g, ' ')).join(eol));
  return perRoute(routes, (route) =>
    routeRecord(route, ctx.hints, {
      boundary: fc.stringMatching(/^[A-Za-z0-9]{1,40}$/),
      wallet: fc.option(fc.oneof(fc.constant(token('WALLET')), headerValue), { freq: 3 }),
      file: fc.option(
        fc.record({
          field: fc.oneof({ arbitrary: fc.constant('file'), weight: 4 }, { arbitrary: safeName, weight: 1 }),
          filename: fc.oneof(
            { arbitrary: fc.constantFrom('keys.csv', 'KEYS.CSV'), weight: 4 },
            { arbitrary: fc.constantFrom('x.txt', 'a.csv.exe', '../../etc/passwd', '<script>.csv'), weight: 1 },
            { arbitrary: safeName, weight: 1 },
          ),
          content: csv,
        }),
        { freq: 6 },
      ),
      broken: fc.constantFrom('none', 'none', 'none', 'no-boundary', 'unterminated', 'other-boundary', 'garbage'),
    }).map(({ boundary, wallet, file, broken, ...parts }) => {
      const chunks: string[] = [];
      if (wallet !== null) chunks.push(part(boundary, 'name="walletAddress"', wallet));
      if (file) chunks.push(part(boundary, `name="${file.field}"; filename="${file.filename}"`, file.content));
      let body = `${chunks.join('')}--${boundary}--\r\n`;
      let type = `multipart/form-data; boundary=${boundary}`;
      if (broken === 'no-boundary') type = 'multipart/form-data';
      if (broken === 'unterminated') body = chunks.join('') || `--${boundary}\r\n`;
      if (broken === 'other-boundary') type = `multipart/form-data; boundary=x${boundary}`;
      if (broken === 'garbage') body = `garbage ${boundary}`;
      const why =
        (broken !== 'none' && `a broken multipart body (${broken})`) ||
        (!file && 'no file in the upload') ||
        (file && file.field !== 'file' && `the file is in field "${file.field}"`) ||
        (file && !file.filename.toLowerCase().endsWith('.csv') && `the file is named ${file.filename}`) ||
        (wallet !== null && wallet !== token('WALLET') && multipartWalletRefusal(parts.who)) ||
        null;
      return build(
        'multipart',
        route,
        { ...parts, headers: { 'content-type': type } },
        { payload: body, mustRefuse: why },
      );
    }),
  );
}

const part = (boundary: string, disposition: string, content: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n\r\n${content}\r\n`;

/** A foreign walletAddress field is refused when someone is signed in; anonymous callers are refused anyway. */
const multipartWalletRefusal = (who: Role) => (who === 'anonymous' ? null : 'a foreign walletAddress field');
