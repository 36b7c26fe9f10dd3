ALTER TABLE "custom_orders" DROP CONSTRAINT "custom_orders_status_check";--> statement-breakpoint
ALTER TABLE "escrow_keys" ALTER COLUMN "transaction_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "escrow_receipts" ALTER COLUMN "transaction_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "escrow_transfers" ALTER COLUMN "transaction_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "transaction_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ALTER COLUMN "transaction_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "escrow_keys" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "escrow_receipts" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "escrow_transfers" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "lane" text DEFAULT 'wallet' NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "base_point" text;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "seed_base" text;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "seed_owner" text;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "escrow" text;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "payee_wallet" text;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "total_lamports" bigint;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "escrow_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "payment_signature" text;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "found_address" text;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "tweak" text;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "seed" text;--> statement-breakpoint
ALTER TABLE "escrow_keys" ADD CONSTRAINT "escrow_keys_order_id_custom_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."custom_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_receipts" ADD CONSTRAINT "escrow_receipts_order_id_custom_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."custom_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_transfers" ADD CONSTRAINT "escrow_transfers_order_id_custom_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."custom_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_custom_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."custom_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_custom_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."custom_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "escrow_receipts_order_idx" ON "escrow_receipts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "escrow_transfers_order_idx" ON "escrow_transfers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "custom_orders_found_address_idx" ON "custom_orders" USING btree ("found_address") WHERE "custom_orders"."found_address" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_orders_base_point_idx" ON "custom_orders" USING btree ("base_point") WHERE "custom_orders"."base_point" is not null;--> statement-breakpoint
CREATE INDEX "custom_orders_escrow_open_idx" ON "custom_orders" USING btree ("created_at") WHERE "custom_orders"."escrow" is not null and "custom_orders"."status" in ('awaiting-payment', 'queued', 'grinding');--> statement-breakpoint
ALTER TABLE "escrow_keys" ADD CONSTRAINT "escrow_keys_order_id_unique" UNIQUE("order_id");--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_kind_key" UNIQUE("order_id","kind");--> statement-breakpoint
ALTER TABLE "escrow_keys" ADD CONSTRAINT "escrow_keys_one_owner" CHECK (num_nonnulls("escrow_keys"."transaction_id", "escrow_keys"."order_id") = 1);--> statement-breakpoint
ALTER TABLE "escrow_receipts" ADD CONSTRAINT "escrow_receipts_one_owner" CHECK (num_nonnulls("escrow_receipts"."transaction_id", "escrow_receipts"."order_id") = 1);--> statement-breakpoint
ALTER TABLE "escrow_transfers" ADD CONSTRAINT "escrow_transfers_one_owner" CHECK (num_nonnulls("escrow_transfers"."transaction_id", "escrow_transfers"."order_id") = 1);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_one_owner" CHECK (num_nonnulls("ledger_entries"."transaction_id", "ledger_entries"."order_id") = 1);--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_one_owner" CHECK (num_nonnulls("receipts"."transaction_id", "receipts"."order_id") = 1);--> statement-breakpoint
ALTER TABLE "custom_orders" ADD CONSTRAINT "custom_orders_lane_check" CHECK ("custom_orders"."lane" in ('wallet', 'split-key', 'seed-derived'));--> statement-breakpoint
ALTER TABLE "custom_orders" ADD CONSTRAINT "custom_orders_lane_inputs" CHECK (("custom_orders"."lane" = 'wallet') or ("custom_orders"."lane" = 'split-key' and "custom_orders"."base_point" is not null) or ("custom_orders"."lane" = 'seed-derived' and "custom_orders"."seed_base" is not null and "custom_orders"."seed_owner" is not null));--> statement-breakpoint
ALTER TABLE "custom_orders" ADD CONSTRAINT "custom_orders_status_check" CHECK ("custom_orders"."status" in ('awaiting-payment', 'queued', 'grinding', 'found', 'purchased', 'delivered', 'expired', 'refunded', 'cancelled'));