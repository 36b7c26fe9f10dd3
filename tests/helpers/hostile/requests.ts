import fc from 'fast-check';
import { fillPath, type RouteInfo } from './routes';
import { sample, textViolation, violation, type Hints, type Violation } from './schema';
import { encodePath, hostileJson, hostileString, RAW_NUMBER_LITERALS } from './values';

/**
 * Generated requests for tests/api/http/hostile-input.test.ts. Each carries `mustRefuse`: why it has to get a 4xx,
 * when that is certain by construction (a schema violation, no session, a foreign Origin…), or null when the
 * server may accept it (the test then only checks "no 5xx, no hang, a refusal changes nothing").
 */
export type Role = 'anonymous' | 'member' | 'admin';

/** A body of `size` bytes, built only when sent (so a failing case prints the recipe, not megabytes). */
export interface SizedBody {
  shape: 'json-string' | 'object-pad' | 'not-json';
  size: number;
}

export interface HostileRequest {
  kind: string;
  role: Role;
  session: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | SizedBody;
  mustRefuse: string | null;
}

export interface RequestContext {
  routes: readonly RouteInfo[];
  hints: Hints;
  publicOrigin: string;
}

const ROLES: Role[] = ['anonymous', 'member', 'admin'];
export const role = fc.constantFrom(...ROLES);
export const session = fc.nat({ max: 15 });

/** Refusals that follow from who is asking, whatever the request holds. */
export function roleRefusal(route: RouteInfo, who: Role): string | null {
  if (who === 'anonymous' && route.access !== 'public') return `${route.access} route without a session`;
  if (who === 'member' && route.access === 'admin') return 'admin route, member session';
  return null;
}

/** One arbitrary per route, built once (building them per sample would dominate the run time). */
export const perRoute = <T>(routes: readonly RouteInfo[], make: (route: RouteInfo) => fc.Arbitrary<T>) =>
  fc.oneof(...routes.map(make));

export const first = (...reasons: (string | null | undefined)[]) => reasons.find((r) => r) ?? null;
export const json = { 'content-type': 'application/json' };

/** Concrete path values for a route: samples and fixture ids, URL-encoded. */
export function pathValues(route: RouteInfo, hints: Hints): fc.Arbitrary<string[]> {
  return fc
    .tuple(
      ...route.params.map((name) =>
        name === '*'
          ? fc.oneof(fc.constantFrom('index.html', '../../package.json', '..%2f..%2fpackage.json'), hostileString)
          : sample(route.paramSchemas[name] ?? { type: 'string' }, hints, name).map(String),
      ),
    )
    .map((values) => values.map((v, i) => (route.params[i] === '*' ? v : encodePath(v))));
}

/**
 * The record every request kind starts from (who asks, with which session, at which path values), followed by
 * what that kind varies; its `map` hands `who`, `session` and `path` on to build().
 */
export function routeRecord<T extends object>(
  route: RouteInfo,
  hints: Hints,
  vary: { [K in keyof T]: fc.Arbitrary<T[K]> },
): fc.Arbitrary<{ who: Role; session: number; path: string[] } & T> {
  return fc.record({ who: role, session, path: pathValues(route, hints), ...vary }) as fc.Arbitrary<
    { who: Role; session: number; path: string[] } & T
  >;
}

export function build(
  kind: string,
  route: RouteInfo,
  parts: { who: Role; session: number; path: string[]; headers?: Record<string, string> },
  extra: { url?: string; payload?: string | SizedBody; mustRefuse?: string | null },
): HostileRequest {
  return {
    kind,
    role: parts.who,
    session: parts.session,
    method: route.method,
    url: extra.url ?? fillPath(route, parts.path),
    headers: parts.headers ?? {},
    payload: extra.payload,
    mustRefuse: first(roleRefusal(route, parts.who), extra.mustRefuse),
  };
}

const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON body shaped by the route's schema: valid-looking, violating it, or any hostile JSON at all. */
function bodyFor(route: RouteInfo, hints: Hints): fc.Arbitrary<Violation | { value: unknown; why: null }> {
  const anyJson = hostileJson.map((value) => ({
    value,
    why: route.body && !isObject(value) ? 'the body is not an object' : null,
  }));
  if (!route.body) return anyJson;
  const bad = violation(route.body, hints);
  return fc.oneof(
    { arbitrary: sample(route.body, hints).map((value) => ({ value, why: null })), weight: 2 },
    ...(bad ? [{ arbitrary: bad, weight: 3 }] : []),
    { arbitrary: anyJson, weight: 1 },
  );
}

/** Bodies from the route's schema, valid-looking or violating it, some with prototype-pollution keys. */
export function schemaBodyRequests(ctx: RequestContext): fc.Arbitrary<HostileRequest> {
  const routes = ctx.routes.filter((r) => r.changesState);
  return perRoute(routes, (route) =>
    routeRecord(route, ctx.hints, {
      body: bodyFor(route, ctx.hints),
      poison: fc.option(fc.constantFrom('__proto__', 'constructor'), { freq: 6 }),
    }).map(({ body, poison, ...parts }) => {
      let text = JSON.stringify(body.value);
      let why = body.why;
      // Only where the key is not in the body already: with a duplicate, JSON.parse keeps the later, harmless one.
      if (poison && isObject(body.value) && !Object.hasOwn(body.value as object, poison)) {
        const key = poison === '__proto__' ? '{"__proto__":{"isAdmin":true}' : '{"constructor":{"prototype":{"a":1}}';
        text = text === '{}' ? `${key}}` : `${key},${text.slice(1)}`;
        why = `a ${poison} key in the JSON`;
      }
      return build('schema-body', route, { ...parts, headers: json }, { payload: text, mustRefuse: why });
    }),
  );
}

/**
 * Prices no one can pay: NaN, Infinity, 1e309, negatives, zero, too many decimals, too large, not numbers. Not "1,5":
 * a typed price may use a decimal comma (docs/domain.md#money), so that is 1.5 SOL; "1,000" is refused as ambiguous.
 */
export const INVALID_PRICES: readonly string[] = [
  ...RAW_NUMBER_LITERALS.filter((l) => l !== '00' && l !== '01'),
  ...['NaN', 'Infinity', '-Infinity', '-1', '0', '-0', '1e309', '0x10', '1_000', '1,000', '9'.repeat(40), '', ' '].map(
    (s) => JSON.stringify(s),
  ),
  ...['"1.123456789"', '"0.000000001"', '-1', '0', '-0.5', '5e-324', '1e21', '1.7976931348623157e308', '"1e-9"'],
  ...['null', 'true', '[]', '{}', '[1.5]', '{"$gt":0}'],
];

/** Top-level `price` / `sol` fields set to a value that is no price, as raw JSON text. */
export function priceRequests(ctx: RequestContext): fc.Arbitrary<HostileRequest> {
  const routes = ctx.routes.filter((r) => r.body?.properties?.price || r.body?.properties?.sol);
  return perRoute(routes, (route) => {
    const field = route.body?.properties?.price ? 'price' : 'sol';
    return routeRecord(route, ctx.hints, {
      body: sample(route.body!, ctx.hints),
      price: fc.constantFrom(...INVALID_PRICES),
    }).map(({ body, price, ...parts }) => {
      const text = JSON.stringify({ ...(body as object), [field]: '~~PRICE~~' }).replace('"~~PRICE~~"', price);
      const why = `${field} ${price} is not a valid amount`;
      return build('price', route, { ...parts, headers: json }, { payload: text, mustRefuse: why });
    });
  });
}

/** Malformed URL encodings a router must refuse rather than choke on. */
const BAD_ENCODINGS = ['%', '%zz', '%E0%A4', '%C0%AF', '%FF%FE', 'a%', '%%41'];

/** Path parameters: ids that exist, unknown ids, values the schema refuses, broken percent-encoding. */
export function paramRequests(ctx: RequestContext): fc.Arbitrary<HostileRequest> {
  const routes = ctx.routes.filter((r) => r.params.length > 0);
  return perRoute(routes, (route) => {
    const named = route.params.map((p, i) => ({ p, i })).filter(({ p }) => p !== '*');
    const bad = named.length
      ? fc.tuple(
          fc.constantFrom(...named),
          fc.oneof(
            fc.constantFrom(...BAD_ENCODINGS).map((raw) => ({ raw, why: `malformed percent-encoding ${raw}` })),
            fc.constant(null),
          ),
        )
      : fc.constant(null);
    return routeRecord(route, ctx.hints, {
      bad,
      textBad: named.length
        ? fc.option(fc.constantFrom(...named), { nil: undefined }).chain((target) => {
            const v = target && textViolation(route.paramSchemas[target.p] ?? {}, target.p);
            return v ? v.map((x) => ({ i: target.i, ...x })) : fc.constant(null);
          })
        : fc.constant(null),
      body: route.body ? sample(route.body, ctx.hints) : fc.constant(undefined),
    }).map(({ bad: badPart, textBad, body, ...parts }) => {
      const path = [...parts.path];
      let why: string | null = null;
      if (textBad) {
        path[textBad.i] = encodePath(textBad.value);
        why = textBad.why;
      }
      if (badPart && badPart[1]) {
        path[badPart[0].i] = badPart[1].raw;
        why = badPart[1].why;
      }
      const payload = body === undefined ? undefined : JSON.stringify(body);
      return build('params', route, { ...parts, path, headers: payload ? json : {} }, { payload, mustRefuse: why });
    });
  });
}

/** Query strings: the declared parameters sampled or violated, repeated keys, prototype keys, garbage. */
export function queryRequests(ctx: RequestContext): fc.Arbitrary<HostileRequest> {
  return perRoute(ctx.routes, (route) => {
    const declared = Object.entries(route.query);
    const pair = (name: string, value: string) => `${encodePath(name)}=${encodePath(value)}`;
    const samples = fc.tuple(
      ...declared.map(([name, schema]) =>
        fc.option(
          sample(schema, ctx.hints, name).map((v) => pair(name, String(v))),
          { nil: undefined },
        ),
      ),
    );
    const refused = declared.flatMap(([name, schema]) => {
      const v = textViolation(schema, name);
      return [
        ...(v ? [v.map((x) => ({ text: pair(name, x.value), why: x.why }))] : []),
        fc.constant({ text: `${pair(name, 'a')}&${pair(name, 'b')}`, why: `${name} given twice` }),
      ];
    });
    const junk = fc.array(
      fc.oneof(
        fc.constantFrom('__proto__[isAdmin]=1', 'constructor[prototype][isAdmin]=1', '__proto__=x', '&&', '=', 'a'),
        fc.constantFrom('%zz=1', 'x=%', 'x=%E0%A4', 'walletAddress[]=x'),
        fc.tuple(hostileString, hostileString).map(([k, v]) => pair(k, v)),
      ),
      { maxLength: 3 },
    );
    return routeRecord(route, ctx.hints, {
      samples,
      bad: refused.length ? fc.option(fc.oneof(...refused), { nil: undefined }) : fc.constant(undefined),
      junk,
    }).map(({ samples: good, bad, junk: garbage, ...parts }) => {
      const query = [...good.filter((s): s is string => s !== undefined), ...garbage, ...(bad ? [bad.text] : [])];
      const url = `${fillPath(route, parts.path)}?${query.join('&')}`;
      const payload = route.body ? '{}' : undefined;
      return build('query', route, { ...parts, headers: payload ? json : {} }, { url, payload, mustRefuse: bad?.why });
    });
  });
}
