CREATE TABLE "bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"bidder_id" uuid NOT NULL,
	"bidder_wallet" text NOT NULL,
	"pattern" text,
	"pattern_key" text,
	"position" text,
	"case_sensitive" boolean,
	"address_id" uuid,
	"max_price_lamports" bigint NOT NULL,
	"grind_if_missing" boolean DEFAULT false NOT NULL,
	"order_id" uuid,
	"total_lamports" bigint NOT NULL,
	"escrow" text NOT NULL,
	"status" text DEFAULT 'awaiting-deposit' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"deposit_signature" text,
	"funded_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"refund_reason" text,
	"escrow_checked_at" timestamp with time zone,
	"stock_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bids_escrow_unique" UNIQUE("escrow"),
	CONSTRAINT "bids_kind_check" CHECK ("bids"."kind" in ('pattern', 'offer')),
	CONSTRAINT "bids_status_check" CHECK ("bids"."status" in ('awaiting-deposit', 'open', 'filled', 'accepted', 'declined', 'cancelled', 'expired')),
	CONSTRAINT "bids_position_check" CHECK ("bids"."position" in ('prefix', 'suffix', 'anywhere')),
	CONSTRAINT "bids_shape" CHECK (("bids"."kind" = 'pattern' and "bids"."pattern_key" is not null and "bids"."position" is not null and "bids"."case_sensitive" is not null and "bids"."address_id" is null)
        or ("bids"."kind" = 'offer' and "bids"."address_id" is not null and "bids"."pattern_key" is null)),
	CONSTRAINT "bids_price_positive" CHECK ("bids"."max_price_lamports" > 0 and "bids"."total_lamports" >= "bids"."max_price_lamports")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wallet" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('watch-match', 'bid-funded', 'bid-filled', 'bid-refunded', 'offer-received', 'offer-accepted', 'offer-declined', 'offer-refunded', 'listing-sold'))
);
--> statement-breakpoint
CREATE TABLE "pattern_watches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"wallet" text NOT NULL,
	"pattern" text NOT NULL,
	"pattern_key" text NOT NULL,
	"position" text NOT NULL,
	"case_sensitive" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pattern_watches_position_check" CHECK ("pattern_watches"."position" in ('prefix', 'suffix', 'anywhere'))
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notification_id" bigint NOT NULL,
	"wallet" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"wallet" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "escrow_keys" DROP CONSTRAINT "escrow_keys_one_owner";--> statement-breakpoint
ALTER TABLE "escrow_receipts" DROP CONSTRAINT "escrow_receipts_one_owner";--> statement-breakpoint
ALTER TABLE "escrow_transfers" DROP CONSTRAINT "escrow_transfers_one_owner";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_one_owner";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "bid_id" uuid;--> statement-breakpoint
ALTER TABLE "escrow_keys" ADD COLUMN "bid_id" uuid;--> statement-breakpoint
ALTER TABLE "escrow_receipts" ADD COLUMN "bid_id" uuid;--> statement-breakpoint
ALTER TABLE "escrow_transfers" ADD COLUMN "bid_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "bid_id" uuid;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "for_bid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_bidder_id_users_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_order_id_custom_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."custom_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pattern_watches" ADD CONSTRAINT "pattern_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bids_open_match_idx" ON "bids" USING btree ("position","case_sensitive","pattern_key","max_price_lamports" DESC NULLS LAST,"created_at") WHERE "bids"."status" = 'open' and "bids"."kind" = 'pattern';--> statement-breakpoint
CREATE INDEX "bids_open_offers_idx" ON "bids" USING btree ("address_id","max_price_lamports" DESC NULLS LAST,"created_at") WHERE "bids"."kind" = 'offer' and "bids"."status" in ('awaiting-deposit', 'open');--> statement-breakpoint
CREATE INDEX "bids_bidder_created_idx" ON "bids" USING btree ("bidder_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bids_escrow_due_idx" ON "bids" USING btree ("escrow_checked_at");--> statement-breakpoint
CREATE INDEX "bids_open_funded_idx" ON "bids" USING btree ("funded_at") WHERE "bids"."status" = 'open' and "bids"."kind" = 'pattern';--> statement-breakpoint
CREATE INDEX "bids_stock_due_idx" ON "bids" USING btree ("stock_checked_at" NULLS FIRST) WHERE "bids"."status" = 'open' and "bids"."kind" = 'pattern';--> statement-breakpoint
CREATE INDEX "notifications_wallet_created_idx" ON "notifications" USING btree ("wallet","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pattern_watches_match_idx" ON "pattern_watches" USING btree ("position","case_sensitive","pattern_key");--> statement-breakpoint
CREATE INDEX "pattern_watches_wallet_idx" ON "pattern_watches" USING btree ("wallet");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_wallet_idx" ON "webhook_deliveries" USING btree ("wallet","id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_keys" ADD CONSTRAINT "escrow_keys_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_receipts" ADD CONSTRAINT "escrow_receipts_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_transfers" ADD CONSTRAINT "escrow_transfers_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "escrow_receipts_bid_idx" ON "escrow_receipts" USING btree ("bid_id");--> statement-breakpoint
CREATE INDEX "escrow_transfers_bid_idx" ON "escrow_transfers" USING btree ("bid_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_bid_idx" ON "ledger_entries" USING btree ("bid_id");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_bid_id_unique" UNIQUE("bid_id");--> statement-breakpoint
ALTER TABLE "escrow_keys" ADD CONSTRAINT "escrow_keys_bid_id_unique" UNIQUE("bid_id");--> statement-breakpoint
ALTER TABLE "escrow_keys" ADD CONSTRAINT "escrow_keys_one_owner" CHECK (num_nonnulls("escrow_keys"."transaction_id", "escrow_keys"."order_id", "escrow_keys"."bid_id") = 1);--> statement-breakpoint
ALTER TABLE "escrow_receipts" ADD CONSTRAINT "escrow_receipts_one_owner" CHECK (num_nonnulls("escrow_receipts"."transaction_id", "escrow_receipts"."order_id", "escrow_receipts"."bid_id") = 1);--> statement-breakpoint
ALTER TABLE "escrow_transfers" ADD CONSTRAINT "escrow_transfers_one_owner" CHECK (num_nonnulls("escrow_transfers"."transaction_id", "escrow_transfers"."order_id", "escrow_transfers"."bid_id") = 1);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_one_owner" CHECK (num_nonnulls("ledger_entries"."transaction_id", "ledger_entries"."order_id", "ledger_entries"."bid_id") = 1);