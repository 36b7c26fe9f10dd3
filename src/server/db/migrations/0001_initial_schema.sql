CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_address" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_wallet_address_unique" UNIQUE("wallet_address")
);
--> statement-breakpoint
CREATE TABLE "auth_nonces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nonce" text NOT NULL,
	"address" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "auth_nonces_nonce_unique" UNIQUE("nonce")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"wallet_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"address" text NOT NULL,
	"network" text DEFAULT 'solana' NOT NULL,
	"seller_id" uuid NOT NULL,
	"price" numeric(18, 8) NOT NULL,
	"currency" text DEFAULT 'SOL' NOT NULL,
	"rarity_score" numeric(3, 1) DEFAULT '0' NOT NULL,
	"estimated_value" numeric(18, 8),
	"category" text DEFAULT 'custom' NOT NULL,
	"pattern" text,
	"pattern_position" text,
	"is_listed" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"featured_until" timestamp with time zone,
	"listing_tier" text DEFAULT 'basic' NOT NULL,
	"is_premium_listing" boolean DEFAULT false NOT NULL,
	"is_promoted" boolean DEFAULT false NOT NULL,
	"promotion_type" text DEFAULT 'standard' NOT NULL,
	"promotion_weight" integer DEFAULT 0 NOT NULL,
	"search_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"pattern_length" integer DEFAULT 0 NOT NULL,
	"repeating_digits" integer DEFAULT 0 NOT NULL,
	"has_leading_zeros" boolean DEFAULT false NOT NULL,
	"leading_zero_count" integer DEFAULT 0 NOT NULL,
	"has_trailing_zeros" boolean DEFAULT false NOT NULL,
	"trailing_zero_count" integer DEFAULT 0 NOT NULL,
	"has_palindrome" boolean DEFAULT false NOT NULL,
	"has_sequence" boolean DEFAULT false NOT NULL,
	"has_word_pattern" boolean DEFAULT false NOT NULL,
	"case_sensitive_pattern" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "addresses_address_unique" UNIQUE("address"),
	CONSTRAINT "addresses_network_check" CHECK ("addresses"."network" in ('solana', 'ethereum')),
	CONSTRAINT "addresses_currency_check" CHECK ("addresses"."currency" in ('SOL', 'ETH')),
	CONSTRAINT "addresses_status_check" CHECK ("addresses"."status" in ('available', 'sold', 'pending', 'deleted')),
	CONSTRAINT "addresses_promotion_type_check" CHECK ("addresses"."promotion_type" in ('standard', 'featured', 'premium', 'promoted')),
	CONSTRAINT "addresses_price_positive" CHECK ("addresses"."price" > 0),
	CONSTRAINT "addresses_rarity_score_range" CHECK ("addresses"."rarity_score" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "watchlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"address_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_user_address_unique" UNIQUE("user_id","address_id")
);
--> statement-breakpoint
CREATE TABLE "encrypted_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"address_id" uuid NOT NULL,
	"encrypted_private_key" text NOT NULL,
	"salt" text NOT NULL,
	"iv" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "encrypted_keys_address_id_unique" UNIQUE("address_id")
);
--> statement-breakpoint
CREATE TABLE "known_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"address" text NOT NULL,
	"label" text NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_addresses_address_unique" UNIQUE("address")
);
--> statement-breakpoint
CREATE TABLE "listing_promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"address_id" uuid NOT NULL,
	"promotion_type" text NOT NULL,
	"price" numeric(18, 8) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'SOL' NOT NULL,
	"duration" integer NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"purchased_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_promotions_type_check" CHECK ("listing_promotions"."promotion_type" in ('standard', 'featured', 'premium', 'promoted')),
	CONSTRAINT "listing_promotions_currency_check" CHECK ("listing_promotions"."currency" in ('SOL', 'ETH'))
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"address_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"price" numeric(18, 8) NOT NULL,
	"currency" text DEFAULT 'SOL' NOT NULL,
	"exchange_fee" numeric(18, 8) DEFAULT '0' NOT NULL,
	"commission_fee" numeric(18, 8) DEFAULT '0' NOT NULL,
	"total_amount" numeric(18, 8) NOT NULL,
	"status" text DEFAULT 'initiated' NOT NULL,
	"tx_hash" text,
	"verification_hash" text,
	"dispute_reason" text,
	"is_test_data" boolean DEFAULT false NOT NULL,
	"private_key_destroyed" boolean DEFAULT false NOT NULL,
	"payment_reference" text NOT NULL,
	"payment_memo" text NOT NULL,
	"recipient_wallet" text NOT NULL,
	"price_lamports" bigint NOT NULL,
	"commission_lamports" bigint DEFAULT 0 NOT NULL,
	"network_fee_lamports" bigint DEFAULT 0 NOT NULL,
	"treasury_wallet" text,
	"expires_at" timestamp with time zone DEFAULT now() + interval '15 minutes' NOT NULL,
	"verified_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"check_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_tx_hash_unique" UNIQUE("tx_hash"),
	CONSTRAINT "transactions_payment_reference_unique" UNIQUE("payment_reference"),
	CONSTRAINT "transactions_status_check" CHECK ("transactions"."status" in ('initiated', 'pending', 'verified', 'completed', 'failed')),
	CONSTRAINT "transactions_currency_check" CHECK ("transactions"."currency" in ('SOL', 'ETH')),
	CONSTRAINT "transactions_price_lamports_positive" CHECK ("transactions"."price_lamports" > 0),
	CONSTRAINT "transactions_fee_lamports_nonnegative" CHECK ("transactions"."commission_lamports" >= 0 and "transactions"."network_fee_lamports" >= 0)
);
--> statement-breakpoint
CREATE TABLE "market_trends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category" text,
	"network" text DEFAULT 'solana' NOT NULL,
	"avg_price" numeric(18, 8),
	"median_price" numeric(18, 8),
	"min_price" numeric(18, 8),
	"max_price" numeric(18, 8),
	"total_volume" numeric(18, 8) DEFAULT '0' NOT NULL,
	"active_listings" integer DEFAULT 0 NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"price_change_24h" numeric(12, 4),
	"price_change_7d" numeric(12, 4),
	"volume_change_24h" numeric(12, 4),
	"period" text NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_trends_network_check" CHECK ("market_trends"."network" in ('solana', 'ethereum'))
);
--> statement-breakpoint
CREATE TABLE "price_cache" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"currency" text NOT NULL,
	"usd_price" numeric(18, 8) NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_cache_currency_unique" UNIQUE("currency")
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"address_id" uuid NOT NULL,
	"price" numeric(18, 8) NOT NULL,
	"currency" text DEFAULT 'SOL' NOT NULL,
	"price_usd" numeric(18, 8),
	"change_type" text NOT NULL,
	"previous_price" numeric(18, 8),
	"change_percentage" numeric(12, 4),
	"market_cap" numeric(18, 8),
	"volume_24h" numeric(18, 8),
	"transaction_id" uuid,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_history_currency_check" CHECK ("price_history"."currency" in ('SOL', 'ETH'))
);
--> statement-breakpoint
CREATE TABLE "fee_config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text DEFAULT 'solana' NOT NULL,
	"exchange_fee_percentage" numeric(5, 2) DEFAULT '0' NOT NULL,
	"commission_fee_percentage" numeric(5, 2) DEFAULT '0' NOT NULL,
	"minimum_fee" numeric(18, 8) DEFAULT '0' NOT NULL,
	"maximum_fee" numeric(18, 8),
	"gas_fee_multiplier" numeric(4, 2) DEFAULT '1.20' NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_config_network_check" CHECK ("fee_config"."network" in ('solana', 'ethereum')),
	CONSTRAINT "fee_config_percentages_range" CHECK ("fee_config"."exchange_fee_percentage" between 0 and 100 and "fee_config"."commission_fee_percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "fee_structure" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service" text NOT NULL,
	"tier" text DEFAULT 'basic' NOT NULL,
	"fee_type" text NOT NULL,
	"amount" numeric(18, 8),
	"percentage" numeric(5, 2),
	"currency" text DEFAULT 'SOL' NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_structure_fee_type_check" CHECK ("fee_structure"."fee_type" in ('fixed', 'percentage')),
	CONSTRAINT "fee_structure_currency_check" CHECK ("fee_structure"."currency" in ('SOL', 'ETH'))
);
--> statement-breakpoint
CREATE TABLE "membership_tiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"price" numeric(18, 8) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'SOL' NOT NULL,
	"billing_period" text DEFAULT 'monthly' NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_listings" integer,
	"featured_listings_included" integer DEFAULT 0 NOT NULL,
	"commission_discount" numeric(5, 2) DEFAULT '0' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_tiers_name_unique" UNIQUE("name"),
	CONSTRAINT "membership_tiers_currency_check" CHECK ("membership_tiers"."currency" in ('SOL', 'ETH')),
	CONSTRAINT "membership_tiers_discount_range" CHECK ("membership_tiers"."commission_discount" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "transaction_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid,
	"action" text NOT NULL,
	"performed_by" text,
	"metadata" jsonb,
	"ip_address" text,
	"user_agent" text,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blockchain_transaction_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid,
	"tx_hash" text NOT NULL,
	"block_number" bigint,
	"block_hash" text,
	"confirmations" integer,
	"gas_used" bigint,
	"gas_price" numeric,
	"gas_fee" numeric(18, 8),
	"from_address" text,
	"to_address" text,
	"value" numeric(18, 8),
	"recipients" jsonb,
	"status" text NOT NULL,
	"network_status" text,
	"error_message" text,
	"network" text DEFAULT 'solana' NOT NULL,
	"currency" text DEFAULT 'SOL' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"raw_data" jsonb,
	"explorer_urls" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gas_estimation_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid,
	"network" text DEFAULT 'solana' NOT NULL,
	"currency" text DEFAULT 'SOL' NOT NULL,
	"transaction_type" text NOT NULL,
	"recipient_count" integer DEFAULT 1 NOT NULL,
	"estimated_gas" bigint,
	"estimated_fee" numeric(18, 8),
	"actual_gas" bigint,
	"actual_fee" numeric(18, 8),
	"accuracy" numeric(7, 2),
	"errors" jsonb,
	"success" boolean DEFAULT true NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "algorithm_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text DEFAULT 'solana' NOT NULL,
	"base_value_multiplier" numeric(12, 6) DEFAULT '1' NOT NULL,
	"sales_data_period" integer DEFAULT 30 NOT NULL,
	"last_adjustment" timestamp with time zone DEFAULT now() NOT NULL,
	"next_adjustment" timestamp with time zone,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"average_actual_price" numeric(18, 8),
	"average_estimated_price" numeric(18, 8),
	"adjustment_reason" text,
	"confidence_score" numeric(3, 2) DEFAULT '0.5' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "algorithm_adjustments_multiplier_positive" CHECK ("algorithm_adjustments"."base_value_multiplier" > 0),
	CONSTRAINT "algorithm_adjustments_confidence_range" CHECK ("algorithm_adjustments"."confidence_score" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "sales_analytics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"address_id" uuid NOT NULL,
	"network" text DEFAULT 'solana' NOT NULL,
	"rarity_score" numeric(3, 1),
	"category" text,
	"estimated_value" numeric(18, 8),
	"actual_sale_price" numeric(18, 8) NOT NULL,
	"price_variance" numeric(18, 8),
	"sale_date" timestamp with time zone DEFAULT now() NOT NULL,
	"leading_zeros" integer DEFAULT 0 NOT NULL,
	"patterns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_analytics_transaction_id_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
CREATE TABLE "escrow_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text DEFAULT 'solana' NOT NULL,
	"amount" numeric(18, 8) NOT NULL,
	"currency" text DEFAULT 'SOL' NOT NULL,
	"sender_address" text NOT NULL,
	"recipient_address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"tx_hash" text,
	"release_tx_hash" text,
	"release_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "escrow_transactions_tx_hash_unique" UNIQUE("tx_hash"),
	CONSTRAINT "escrow_transactions_release_tx_hash_unique" UNIQUE("release_tx_hash")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encrypted_keys" ADD CONSTRAINT "encrypted_keys_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "known_addresses" ADD CONSTRAINT "known_addresses_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_promotions" ADD CONSTRAINT "listing_promotions_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_promotions" ADD CONSTRAINT "listing_promotions_purchased_by_users_id_fk" FOREIGN KEY ("purchased_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_audit" ADD CONSTRAINT "transaction_audit_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blockchain_transaction_audit" ADD CONSTRAINT "blockchain_transaction_audit_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gas_estimation_audit" ADD CONSTRAINT "gas_estimation_audit_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_analytics" ADD CONSTRAINT "sales_analytics_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_analytics" ADD CONSTRAINT "sales_analytics_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_nonces_expires_at_idx" ON "auth_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "addresses_address_trgm_idx" ON "addresses" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "addresses_market_idx" ON "addresses" USING btree ("status","is_listed","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "addresses_price_idx" ON "addresses" USING btree ("price");--> statement-breakpoint
CREATE INDEX "addresses_rarity_score_idx" ON "addresses" USING btree ("rarity_score");--> statement-breakpoint
CREATE INDEX "addresses_seller_created_idx" ON "addresses" USING btree ("seller_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "addresses_featured_idx" ON "addresses" USING btree ("is_featured","is_listed","status");--> statement-breakpoint
CREATE INDEX "watchlist_address_id_idx" ON "watchlist" USING btree ("address_id");--> statement-breakpoint
CREATE INDEX "listing_promotions_address_id_idx" ON "listing_promotions" USING btree ("address_id");--> statement-breakpoint
CREATE INDEX "listing_promotions_active_end_idx" ON "listing_promotions" USING btree ("is_active","end_time");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_open_per_address" ON "transactions" USING btree ("address_id") WHERE "transactions"."status" in ('initiated', 'pending');--> statement-breakpoint
CREATE INDEX "transactions_address_id_idx" ON "transactions" USING btree ("address_id");--> statement-breakpoint
CREATE INDEX "transactions_buyer_created_idx" ON "transactions" USING btree ("buyer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_seller_created_idx" ON "transactions" USING btree ("seller_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_status_expires_idx" ON "transactions" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "transactions_created_at_idx" ON "transactions" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "market_trends_lookup_idx" ON "market_trends" USING btree ("network","period","timestamp" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "price_history_address_time_idx" ON "price_history" USING btree ("address_id","timestamp");--> statement-breakpoint
CREATE INDEX "price_history_transaction_id_idx" ON "price_history" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_config_one_active_per_network" ON "fee_config" USING btree ("network") WHERE "fee_config"."is_active";--> statement-breakpoint
CREATE INDEX "transaction_audit_transaction_id_idx" ON "transaction_audit" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "transaction_audit_performer_time_idx" ON "transaction_audit" USING btree ("performed_by","timestamp");--> statement-breakpoint
CREATE INDEX "blockchain_transaction_audit_transaction_id_idx" ON "blockchain_transaction_audit" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "blockchain_transaction_audit_tx_hash_idx" ON "blockchain_transaction_audit" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "gas_estimation_audit_transaction_id_idx" ON "gas_estimation_audit" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "algorithm_adjustments_one_active_per_network" ON "algorithm_adjustments" USING btree ("network") WHERE "algorithm_adjustments"."is_active";--> statement-breakpoint
CREATE INDEX "sales_analytics_network_sale_date_idx" ON "sales_analytics" USING btree ("network","sale_date");