-- "Starts with" and "Ends with" read their matches' sort keys from the index itself (decision 0024): an index-only
-- scan, where 0015's indexes sent every match to the heap for its status and sort key (at 10M listings, 140-410
-- random heap pages a search). `address` is included too: PostgreSQL plans an index-only scan on an expression
-- index only when the expression's own columns are in it. drizzle's index builder has no INCLUDE, so the schema
-- (schema/listings.ts) declares the key and predicate and this file the included columns.
DROP INDEX "addresses_market_address_lower_idx";--> statement-breakpoint
CREATE INDEX "addresses_market_address_lower_idx" ON "addresses" USING btree (lower("address") text_pattern_ops) INCLUDE ("address", "status", "id", "created_at", "price", "rarity_score") WHERE "addresses"."is_listed" and "addresses"."status" <> 'deleted';--> statement-breakpoint
DROP INDEX "addresses_market_address_reversed_idx";--> statement-breakpoint
CREATE INDEX "addresses_market_address_reversed_idx" ON "addresses" USING btree (reverse(lower("address")) text_pattern_ops) INCLUDE ("address", "status", "id", "created_at", "price", "rarity_score") WHERE "addresses"."is_listed" and "addresses"."status" <> 'deleted';
