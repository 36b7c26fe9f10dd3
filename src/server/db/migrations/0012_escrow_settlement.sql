CREATE TABLE "escrow_keys" (
	"address" text PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"encrypted_private_key" text NOT NULL,
	"salt" text NOT NULL,
	"iv" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "escrow_keys_transaction_id_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
CREATE TABLE "escrow_receipts" (
	"escrow" text NOT NULL,
	"signature" text NOT NULL,
	"transaction_id" uuid NOT NULL,
	"payer" text NOT NULL,
	"lamports" bigint NOT NULL,
	"slot" bigint NOT NULL,
	"purpose" text,
	"reason" text,
	"transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "escrow_receipts_escrow_signature_pk" PRIMARY KEY("escrow","signature"),
	CONSTRAINT "escrow_receipts_purpose_check" CHECK ("escrow_receipts"."purpose" in ('sale', 'refund')),
	CONSTRAINT "escrow_receipts_lamports_positive" CHECK ("escrow_receipts"."lamports" > 0)
);
--> statement-breakpoint
CREATE TABLE "escrow_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"escrow" text NOT NULL,
	"transaction_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'signed' NOT NULL,
	"legs" jsonb NOT NULL,
	"fee_lamports" bigint NOT NULL,
	"signature" text NOT NULL,
	"signed_transaction" text NOT NULL,
	"last_valid_block_height" bigint NOT NULL,
	"expired_signatures" text[] DEFAULT '{}'::text[] NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"landed_at" timestamp with time zone,
	CONSTRAINT "escrow_transfers_signature_unique" UNIQUE("signature"),
	CONSTRAINT "escrow_transfers_kind_check" CHECK ("escrow_transfers"."kind" in ('payout', 'refund')),
	CONSTRAINT "escrow_transfers_status_check" CHECK ("escrow_transfers"."status" in ('signed', 'landed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"escrow" text NOT NULL,
	"kind" text NOT NULL,
	"from_account" text NOT NULL,
	"to_account" text NOT NULL,
	"lamports" bigint NOT NULL,
	"signature" text NOT NULL,
	"leg" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('receipt', 'payout', 'commission', 'refund', 'network-fee')),
	CONSTRAINT "ledger_entries_lamports_positive" CHECK ("ledger_entries"."lamports" > 0)
);
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_tx_hash_unique";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_failure_kind_check";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_failure_code_has_kind";--> statement-breakpoint
DROP INDEX "transactions_one_open_per_address";--> statement-breakpoint
ALTER TABLE "escrow_keys" ADD CONSTRAINT "escrow_keys_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_receipts" ADD CONSTRAINT "escrow_receipts_escrow_escrow_keys_address_fk" FOREIGN KEY ("escrow") REFERENCES "public"."escrow_keys"("address") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_receipts" ADD CONSTRAINT "escrow_receipts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_transfers" ADD CONSTRAINT "escrow_transfers_escrow_escrow_keys_address_fk" FOREIGN KEY ("escrow") REFERENCES "public"."escrow_keys"("address") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_transfers" ADD CONSTRAINT "escrow_transfers_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "escrow_receipts_transaction_idx" ON "escrow_receipts" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "escrow_receipts_unsent_idx" ON "escrow_receipts" USING btree ("escrow") WHERE "escrow_receipts"."purpose" is not null and "escrow_receipts"."transfer_id" is null;--> statement-breakpoint
CREATE INDEX "escrow_transfers_open_idx" ON "escrow_transfers" USING btree ("created_at") WHERE "escrow_transfers"."status" = 'signed';--> statement-breakpoint
CREATE INDEX "escrow_transfers_transaction_idx" ON "escrow_transfers" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_signature_leg" ON "ledger_entries" USING btree ("escrow","signature","leg");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_open_by_address_idx" ON "transactions" USING btree ("address_id") WHERE "transactions"."status" in ('initiated', 'pending');--> statement-breakpoint
CREATE INDEX "transactions_tx_hash_idx" ON "transactions" USING btree ("tx_hash");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_failure_kind_check" CHECK ("transactions"."failure_kind" in ('expired', 'refunded', 'payment_rejected', 'refund_due'));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_failure_code_has_kind" CHECK ("transactions"."failure_code" is null or ("transactions"."failure_kind" is not null and "transactions"."failure_kind" in ('refunded', 'payment_rejected', 'refund_due')));--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "buyer_wallet" text;--> statement-breakpoint
UPDATE "transactions" SET "buyer_wallet" = "users"."wallet_address" FROM "users" WHERE "users"."id" = "transactions"."buyer_id";--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "buyer_wallet" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "buyer_id" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_buyer_wallet_created_idx" ON "transactions" USING btree ("buyer_wallet","created_at" DESC NULLS FIRST);
