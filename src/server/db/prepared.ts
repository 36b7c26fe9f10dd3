import { createHash } from 'node:crypto';
import { Column, is, SQL, Subquery } from 'drizzle-orm';

/** A drizzle query builder that can be sent as a named (server-side prepared) statement. */
export interface Preparable<T> {
  prepare(name: string): Executable<T>;
}
interface Executable<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

/** Where drizzle's node-postgres query keeps what it hands to `pg` (PGlite's has neither). */
interface NodePgQueryConfigs {
  queryConfig?: { name?: string; text?: unknown };
  rawQueryConfig?: { name?: string };
}

/**
 * Runs `query` as a named statement, named after its text: each pg connection parses and analyses a query shape
 * once, then only binds and executes it (PostgreSQL may also keep its plan), where an unnamed statement is parsed,
 * analysed and planned on every call: for the default page that was most of PostgreSQL's time
 * (docs/benchmarks.md). Same text, same name, so names never clash; the shapes are bounded (the filters a search
 * may combine), and so are the statements each connection keeps.
 *
 * The name is only known once drizzle has built the text, and building it costs as much as the rest of the
 * request's JavaScript, so it is built once (by `prepare`) and the name set on what drizzle hands to `pg`. If a
 * future drizzle keeps that elsewhere, the statement is sent unnamed: slower, never wrong. PGlite has no named
 * statements; it runs the same query.
 */
export function runPrepared<T>(query: Preparable<T>): Promise<T> {
  return named(query).execute();
}

function named<T>(query: Preparable<T>): Executable<T> {
  const prepared = unnamed(query);
  const configs = prepared as unknown as NodePgQueryConfigs;
  const text = configs.queryConfig?.text;
  if (typeof text === 'string' && configs.rawQueryConfig) {
    const name = statementName(text);
    configs.queryConfig!.name = name;
    configs.rawQueryConfig.name = name;
  }
  return prepared;
}

/** Shapes kept per database handle at most: the filters a search may combine, bounded so that none can grow it. */
const MAX_SHAPES = 2_000;
const shapes = new WeakMap<object, Map<string, Executable<unknown>>>();

/**
 * `build()`'s statement, its values as placeholders (`sql.placeholder`), prepared as `runPrepared` does the first
 * time `shape` is asked for on `db` and kept: later calls only execute it with their values. Building a drizzle
 * statement (its objects, then its text) was a good part of a computed search page's JavaScript. The
 * shape must name everything the text depends on; without one, the statement is built every time.
 */
export function preparedOnce<T>(
  db: object,
  shape: string | undefined,
  build: () => Preparable<T>,
  { planEachTime = false } = {},
): Executable<T> {
  // Sent unnamed, a statement is planned for the values it is sent with, every time. Named, PostgreSQL may switch
  // to a plan for any value after five executions, which for a statement whose best plan depends on the value
  // (an index range for `LIKE 'abc%'`, a bitmap scan for a rare substring) can be a scan of the whole table.
  const finish = (query: Preparable<T>) => (planEachTime ? unnamed(query) : named(query));
  if (shape === undefined) return finish(build());
  let kept = shapes.get(db);
  if (!kept) shapes.set(db, (kept = new Map()));
  const found = kept.get(shape) as Executable<T> | undefined;
  if (found) return found;
  const prepared = finish(build());
  if (kept.size >= MAX_SHAPES) kept.clear();
  kept.set(shape, prepared);
  return prepared;
}

/** What drizzle's prepared query (node-postgres and PGlite alike) keeps of a select's fields and their mapping. */
interface SelectedFields {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
/** What drizzle's `Column` decodes with when a column type does not override it: the value as pg parsed it. */
const identity = (Column.prototype as unknown as Decoder).mapFromDriverValue;

/**
 * `query` prepared (sent unnamed), its rows mapped by a mapper compiled for its fields. drizzle's own mapping works
 * out each column's decoder and walks its path for every value of every row, which at 20 rows of 21 columns was
 * 5% of a computed search page's server time (docs/benchmarks.md); this does that once per statement.
 * Only flat selects (every field at the top level, as the repositories write them) are mapped here: a nested
 * one, or a query that maps its own rows, keeps drizzle's.
 */
function unnamed<T>(query: Preparable<T>): Executable<T> {
  const prepared = query.prepare(undefined as unknown as string);
  const selected = prepared as unknown as SelectedFields;
  const fields = selected.fields;
  if (
    fields &&
    !selected.customResultMapper &&
    fields.every((f) => f.path.length === 1 && f.path[0] !== '__proto__') // a literal's __proto__ sets the prototype
  ) {
    selected.customResultMapper = rowMapper(
      fields.map((f) => f.path[0]!),
      fields.map((f) => decoderOf(f.field)),
    );
  }
  return prepared;
}

/**
 * A function that maps pg's row arrays to objects keyed `keys`, each value through its decoder (null stays null),
 * generated as one object literal per row. Assigning the keys one by one in a loop (as drizzle does) built each
 * object through 21 hidden-class transitions: 27 µs for a 20-row page, against 1 µs (measured, Node 24). The keys
 * are the repositories' own field names, written into the code as JSON strings; decoders that return their value
 * unchanged (text, uuid, boolean, integer columns) are not called.
 */
export function rowMapper(keys: string[], decoders: Decoder[]): (rows: unknown[][]) => Record<string, unknown>[] {
  const fields = keys.map((key, i) => {
    const value = `r[${i}]`;
    const decoded = decoders[i]!.mapFromDriverValue === identity ? value : `d[${i}].mapFromDriverValue(${value})`;
    return `${JSON.stringify(key)}: ${value} === null ? null : ${decoded}`;
  });
  const code = `return (r) => ({ ${fields.join(', ')} });`;
  let make = compiledMappers.get(code);
  if (!make) {
    make = new Function('d', code) as MapperFactory; // generated from our own field names, see above
    if (compiledMappers.size >= MAX_SHAPES) compiledMappers.clear();
    compiledMappers.set(code, make);
  }
  const row = make(decoders);
  return (rows) => rows.map(row);
}

type MapperFactory = (d: Decoder[]) => (row: unknown[]) => Record<string, unknown>;
/** Compiled once per field list: `runPrepared` prepares (and so maps) its statement on every call. */
const compiledMappers = new Map<string, MapperFactory>();

/** The decoder drizzle itself uses for a selected field (utils.js `mapResultRow`). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field as unknown as Decoder;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
}

/** `vv_` and 96 bits of the text's SHA-1: unique per text in practice, and within PostgreSQL's 63-byte names. */
export const statementName = (text: string) => `vv_${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`;
