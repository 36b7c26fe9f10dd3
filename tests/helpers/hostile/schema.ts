import fc from 'fast-check';
import { HOSTILE_NUMBERS, hostileJson, hostileKey, hostileString } from './values';

/**
 * Values from a route's own OpenAPI schema (GET /api/docs/json, generated from the zod schemas), so a new route or
 * field is fuzzed without touching the tests:
 * - `sample`: values shaped like the schema (hostile text inside the allowed lengths), to get past validation and
 *   reach services and SQL;
 * - `violation`: a value the schema refuses by construction, with the reason, for requests that must get a 4xx.
 */
export interface JsonSchema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  maxItems?: number;
}

/** Values for fields by name (ids, wallets, keys), so samples can name things that exist. */
export type Hints = Readonly<Record<string, fc.Arbitrary<unknown>>>;

export interface Violation {
  value: unknown;
  why: string;
}

type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';
const JSON_TYPES: readonly JsonType[] = ['null', 'boolean', 'number', 'string', 'array', 'object'];

/** The JSON types a schema accepts, or null when it accepts anything (z.unknown()). */
function allowedTypes(s: JsonSchema): Set<JsonType> | null {
  if (s.anyOf) {
    const all = s.anyOf.map(allowedTypes);
    return all.some((t) => t === null) ? null : new Set(all.flatMap((t) => [...t!]));
  }
  if (!s.type) return null;
  const types = new Set<JsonType>([s.type === 'integer' ? 'number' : s.type]);
  if (s.nullable) types.add('null');
  return types;
}

const valueOfType: Record<JsonType, fc.Arbitrary<unknown>> = {
  null: fc.constant(null),
  boolean: fc.boolean(),
  number: fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.integer()),
  string: hostileString,
  array: fc.array(hostileJson, { maxLength: 3 }),
  object: fc.dictionary(hostileKey, hostileJson, { maxKeys: 3 }),
};

const clip = (s: string, min = 0, max = Infinity) => (s.length > max ? s.slice(0, max) : s.padEnd(min, 'a'));

export function sample(s: JsonSchema, hints: Hints, name = '', depth = 0): fc.Arbitrary<unknown> {
  const generic = sampleBySchema(s, hints, depth);
  const hint = hints[name];
  return hint ? fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: generic, weight: 1 }) : generic;
}

function sampleBySchema(s: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  if (s.anyOf) return fc.oneof(...s.anyOf.map((member) => sampleBySchema(member, hints, depth)));
  if (s.enum) return fc.constantFrom(...s.enum);
  switch (s.type) {
    case 'string':
      if (s.format === 'uuid') return fc.uuid();
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern), { maxLength: s.maxLength ?? 100 });
      return hostileString.map((v) => clip(v, s.minLength, s.maxLength));
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6 });
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : -1e6;
      const double = fc.double({ min, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
      return s.exclusiveMinimum === true ? double.filter((n) => n > min) : double;
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(sample(s.items ?? {}, hints, '', depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 4)),
      });
    case 'object':
      return sampleObject(s, hints, depth);
    default:
      return hostileJson;
  }
}

function sampleObject(s: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const model = Object.fromEntries(Object.entries(props).map(([k, p]) => [k, sample(p, hints, k, depth + 1)]));
  const record = fc.record(model, { requiredKeys: s.required ?? [] });
  if (s.additionalProperties === false) return record;
  // Unknown keys must be ignored (zod strips them), prototype-ish ones included.
  return fc
    .tuple(record, fc.dictionary(hostileKey, hostileJson, { maxKeys: 2 }), fc.boolean())
    .map(([known, extra, withExtra]) => (withExtra ? { ...extra, ...known } : known));
}

/** A string none of `allowed` (not even once trimmed), for an enum of body, path or query. */
function notOneOf(allowed: readonly unknown[], name: string): fc.Arbitrary<Violation> {
  return hostileString
    .filter((v) => !allowed.includes(v) && !allowed.includes(v.trim()))
    .map((value) => ({ value, why: `${name} is not one of ${JSON.stringify(allowed)}` }));
}

/** Values `s` refuses by construction, or null when it refuses nothing (z.unknown()). */
export function violation(s: JsonSchema, hints: Hints, name = 'body'): fc.Arbitrary<Violation> | null {
  const options: fc.Arbitrary<Violation>[] = [];
  const allowed = allowedTypes(s);
  const wrong = allowed ? JSON_TYPES.filter((t) => !allowed.has(t)) : [];
  if (wrong.length > 0) {
    options.push(
      fc.constantFrom(...wrong).chain((t) => valueOfType[t].map((value) => ({ value, why: `${name} is a ${t}` }))),
    );
  }
  if (s.enum) options.push(notOneOf(s.enum, name));
  if (s.type === 'string') options.push(...stringViolations(s, name));
  if (s.type === 'number' || s.type === 'integer') options.push(...numberViolations(s, name));
  if (s.type === 'array' && (s.minItems ?? 0) > 0) options.push(fc.constant({ value: [], why: `${name} is empty` }));
  if (s.type === 'array' && s.items) {
    const item = violation(s.items, hints, `${name}[i]`);
    if (item) {
      options.push(
        fc
          .tuple(fc.array(sample(s.items, hints), { maxLength: 2 }), item)
          .map(([rest, bad]) => ({ value: [...rest, bad.value], why: bad.why })),
      );
    }
  }
  if (s.type === 'object') options.push(...objectViolations(s, hints, name));
  return options.length > 0 ? fc.oneof(...options) : null;
}

const NON_SPACE = fc.constantFrom('a', 'Z', '9', '<', "'", '"', '%', '\\', '😀', '\u0000');

function stringViolations(s: JsonSchema, name: string): fc.Arbitrary<Violation>[] {
  const out: fc.Arbitrary<Violation>[] = [];
  if (s.maxLength !== undefined) {
    const min = s.maxLength + 1;
    out.push(
      fc
        .string({ unit: NON_SPACE, minLength: min, maxLength: min + 200 })
        .map((value) => ({ value, why: `${name} is longer than ${s.maxLength}` })),
    );
  }
  if ((s.minLength ?? 0) > 0) out.push(fc.constant({ value: '', why: `${name} is empty` }));
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    out.push(
      hostileString
        .filter((v) => !re.test(v) && !re.test(v.trim()))
        .map((value) => ({ value, why: `${name} does not match ${s.pattern}` })),
    );
  }
  return out;
}

function numberViolations(s: JsonSchema, name: string): fc.Arbitrary<Violation>[] {
  const out: fc.Arbitrary<Violation>[] = [];
  const excess = fc.constantFrom(1e-6, 0.5, 1, 1e6, 1e300);
  if (s.maximum !== undefined) {
    const max = s.maximum;
    out.push(excess.map((d) => ({ value: max + d, why: `${name} is above ${max}` })));
  }
  if (typeof s.minimum === 'number') {
    const min = s.minimum;
    const below = excess.map((d) => ({ value: min - d, why: `${name} is below ${min}` }));
    out.push(
      s.exclusiveMinimum === true ? fc.oneof(below, fc.constant({ value: min, why: `${name} is ${min}` })) : below,
    );
  }
  if (s.type === 'integer') out.push(fc.constant({ value: 1.5, why: `${name} is not an integer` }));
  return out;
}

function objectViolations(s: JsonSchema, hints: Hints, name: string): fc.Arbitrary<Violation>[] {
  const out: fc.Arbitrary<Violation>[] = [];
  const props = s.properties ?? {};
  const base = sampleObject({ ...s, additionalProperties: false }, hints, 1);
  for (const key of s.required ?? []) {
    out.push(
      base.map((o) => {
        const { [key]: _gone, ...rest } = o;
        return { value: rest, why: `${name}.${key} is missing` };
      }),
    );
  }
  for (const [key, prop] of Object.entries(props)) {
    const bad = violation(prop, hints, `${name}.${key}`);
    if (bad) out.push(fc.tuple(base, bad).map(([o, v]) => ({ value: { ...o, [key]: v.value }, why: v.why })));
  }
  if (s.additionalProperties === false) {
    out.push(
      fc
        .tuple(
          base,
          hostileKey.filter((k) => !(k in props) && k !== ''),
          hostileJson,
        )
        .map(([o, k, v]) => ({ value: { ...o, [k]: v }, why: `${name} has the unknown key ${JSON.stringify(k)}` })),
    );
  }
  return out;
}

/**
 * A text the schema refuses, for path and query parameters (always strings on the wire, so a "wrong type" there
 * means nothing), or null.
 */
export function textViolation(s: JsonSchema, name: string): fc.Arbitrary<{ value: string; why: string }> | null {
  const options: fc.Arbitrary<Violation>[] = [];
  if (s.enum) options.push(notOneOf(s.enum, name));
  if (s.type === 'string') options.push(...stringViolations(s, name));
  if (s.type === 'integer') {
    const texts = ['1.5', 'abc', 'NaN', 'Infinity', '1e309', '9'.repeat(400)];
    if (s.minimum !== undefined) texts.push(String(s.minimum - 1));
    if (s.maximum !== undefined) texts.push(String(s.maximum + 1));
    options.push(fc.constantFrom(...texts).map((value) => ({ value, why: `${name}=${value} is not allowed` })));
  }
  if (options.length === 0) return null;
  return fc.oneof(...options).map((v) => ({ value: String(v.value), why: v.why }));
}
