import { createHash } from 'node:crypto';

/** A drizzle query builder that can be sent as a named (server-side prepared) statement. */
interface Preparable<T> {
  prepare(name: string): { execute(): Promise<T> };
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
  const prepared = query.prepare(undefined as unknown as string);
  const configs = prepared as unknown as NodePgQueryConfigs;
  const text = configs.queryConfig?.text;
  if (typeof text === 'string' && configs.rawQueryConfig) {
    const name = statementName(text);
    configs.queryConfig!.name = name;
    configs.rawQueryConfig.name = name;
  }
  return prepared.execute();
}

/** `vv_` and 96 bits of the text's SHA-1: unique per text in practice, and within PostgreSQL's 63-byte names. */
export const statementName = (text: string) => `vv_${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`;
