-- Extensions the schema needs before any table: pg_trgm backs the substring search index on addresses.address.
-- PGlite must be created with the pg_trgm contrib extension loaded for this statement to succeed.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
