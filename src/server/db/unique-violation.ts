/** PostgreSQL unique_violation (SQLSTATE 23505), optionally of one constraint; PGlite reports the same SQLSTATE. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const { code, constraint: name } = (e ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && (constraint === undefined || name === constraint);
}
