/**
 * The closed sets of values that status-like text columns accept, owned by src/shared/domain-values.ts so the API
 * and the database cannot drift apart. Stored as text with CHECK constraints rather than pg enums: adding a value is
 * then a one-line constraint change instead of `ALTER TYPE`, which cannot run inside a transaction on older servers.
 * A relative import: drizzle-kit reads this schema without the tsconfig path aliases.
 */
export * from '../../../shared/domain-values';
