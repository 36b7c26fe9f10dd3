DROP INDEX "transactions_one_open_per_address";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "reserves_listing" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_open_per_address" ON "transactions" USING btree ("address_id") WHERE "transactions"."status" in ('initiated', 'pending') and "transactions"."reserves_listing";