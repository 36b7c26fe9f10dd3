DROP INDEX "custom_orders_one_active_per_requester";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_demo_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "quoted_seconds" double precision;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "closed_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_one_demo_admin" ON "users" USING btree ("is_demo_admin") WHERE "users"."is_demo_admin";--> statement-breakpoint
CREATE INDEX "custom_orders_requester_active_idx" ON "custom_orders" USING btree ("requester_id","created_at") WHERE "custom_orders"."status" in ('queued', 'grinding');--> statement-breakpoint
CREATE INDEX "custom_orders_ip_active_idx" ON "custom_orders" USING btree ("ip") WHERE "custom_orders"."status" in ('queued', 'grinding');--> statement-breakpoint
-- Backfill on a database seeded before this column: the demo admin is the admin whose audit rows the seed wrote
-- (user agent 'demo-seed', and no client address, which every HTTP request has), the oldest such.
UPDATE "users" SET "is_demo_admin" = true WHERE "id" = (
  SELECT u."id" FROM "users" u JOIN "transaction_audit" a ON a."performed_by" = u."wallet_address"
  WHERE u."is_admin" AND a."user_agent" = 'demo-seed' AND a."ip_address" IS NULL
  ORDER BY a."timestamp" ASC LIMIT 1
);
