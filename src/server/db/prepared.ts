import { createHash } from 'node:crypto';

/** A drizzle query builder that can be sent as a named (server-side prepared) statement. */
interface Preparable<T> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
}

/**
 * Runs `query` as a named statement, named after its text: each pg connection parses a query shape once and then
 * only binds and executes it, where an unnamed statement is parsed and analysed on every call (for the listing
 * reads that was as long as executing them, see docs/benchmarks.md). Same text, same name, so names never clash;
 * the shapes are bounded (the filters a search may combine), and so are the statements each connection keeps.
 * PGlite takes the same call and ignores the name.
 */
export function runPrepared<T>(query: Preparable<T>): Promise<T> {
  return query.prepare(statementName(query.toSQL().sql)).execute();
}

/** `vv_` and 96 bits of the text's SHA-1: unique per text in practice, and within PostgreSQL's 63-byte names. */
export const statementName = (text: string) =>
  `vv_${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`;
