DROP INDEX "addresses_market_idx";--> statement-breakpoint
DROP INDEX "addresses_price_idx";--> statement-breakpoint
DROP INDEX "addresses_rarity_score_idx";--> statement-breakpoint
DROP INDEX "addresses_featured_idx";--> statement-breakpoint
CREATE INDEX "addresses_pattern_trgm_idx" ON "addresses" USING gin ("pattern" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "addresses_market_created_idx" ON "addresses" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status") WHERE "addresses"."is_listed" and "addresses"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "addresses_market_price_idx" ON "addresses" USING btree ("price","id") WHERE "addresses"."is_listed" and "addresses"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "addresses_market_rarity_idx" ON "addresses" USING btree ("rarity_score","id") WHERE "addresses"."is_listed" and "addresses"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "addresses_featured_idx" ON "addresses" USING btree ("promotion_weight" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id") WHERE "addresses"."is_featured" and "addresses"."is_listed" and "addresses"."status" = 'available';