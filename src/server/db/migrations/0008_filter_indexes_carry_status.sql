DROP INDEX "addresses_market_price_idx";--> statement-breakpoint
DROP INDEX "addresses_market_rarity_idx";--> statement-breakpoint
DROP INDEX "addresses_market_category_idx";--> statement-breakpoint
DROP INDEX "addresses_market_pattern_length_idx";--> statement-breakpoint
CREATE INDEX "addresses_market_price_idx" ON "addresses" USING btree ("price","id","status") WHERE "addresses"."is_listed" and "addresses"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "addresses_market_rarity_idx" ON "addresses" USING btree ("rarity_score","id","status") WHERE "addresses"."is_listed" and "addresses"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "addresses_market_category_idx" ON "addresses" USING btree ("category","status") WHERE "addresses"."is_listed" and "addresses"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "addresses_market_pattern_length_idx" ON "addresses" USING btree ("pattern_length","status") WHERE "addresses"."is_listed" and "addresses"."status" <> 'deleted';