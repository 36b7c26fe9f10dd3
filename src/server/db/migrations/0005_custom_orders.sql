CREATE TABLE "custom_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" uuid NOT NULL,
	"pattern" text NOT NULL,
	"position" text NOT NULL,
	"case_sensitive" boolean NOT NULL,
	"probability" double precision NOT NULL,
	"price" numeric(18, 8) NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"rate" double precision DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"found_at" timestamp with time zone,
	"address_id" uuid,
	"reserved_until" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_orders_status_check" CHECK ("custom_orders"."status" in ('queued', 'grinding', 'found', 'purchased', 'expired', 'cancelled')),
	CONSTRAINT "custom_orders_position_check" CHECK ("custom_orders"."position" in ('prefix', 'suffix')),
	CONSTRAINT "custom_orders_price_positive" CHECK ("custom_orders"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "custom_orders" ADD CONSTRAINT "custom_orders_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD CONSTRAINT "custom_orders_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_orders_one_active_per_requester" ON "custom_orders" USING btree ("requester_id") WHERE "custom_orders"."status" in ('queued', 'grinding');--> statement-breakpoint
CREATE INDEX "custom_orders_queue_idx" ON "custom_orders" USING btree ("created_at","id") WHERE "custom_orders"."status" in ('queued', 'grinding');--> statement-breakpoint
CREATE UNIQUE INDEX "custom_orders_address_idx" ON "custom_orders" USING btree ("address_id");