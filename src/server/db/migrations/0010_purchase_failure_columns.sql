ALTER TABLE "transactions" ADD COLUMN "failure_kind" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "failure_code" text;--> statement-breakpoint
-- Backfill: until now the failure kind and the failed check's code lived only in dispute_reason's wording
-- ('reservation expired'; 'Payment check failed [CODE]: …', with ' Refund due: …' when SOL still reached the seller;
-- 'Refund due: …' for a valid payment that lost the listing). Rows whose reason matches none keep NULL.
UPDATE "transactions" SET
  "failure_kind" = CASE
    WHEN "dispute_reason" = 'reservation expired' THEN 'expired'
    WHEN "dispute_reason" LIKE 'Refund due: %' THEN 'refund_due'
    WHEN "dispute_reason" ~ '^Payment check failed \[[A-Z_]+\]: ' AND position(' Refund due: ' in "dispute_reason") > 0 THEN 'refund_due'
    WHEN "dispute_reason" ~ '^Payment check failed \[[A-Z_]+\]: ' THEN 'payment_rejected'
  END,
  "failure_code" = substring("dispute_reason" from '^Payment check failed \[([A-Z_]+)\]: ')
WHERE "status" = 'failed' AND "dispute_reason" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_failure_kind_check" CHECK ("transactions"."failure_kind" in ('expired', 'payment_rejected', 'refund_due'));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_failure_only_when_failed" CHECK ("transactions"."failure_kind" is null or "transactions"."status" = 'failed');--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_failure_code_has_kind" CHECK ("transactions"."failure_code" is null or ("transactions"."failure_kind" is not null and "transactions"."failure_kind" in ('payment_rejected', 'refund_due')));