ALTER TABLE "users" ADD COLUMN "withdrawals_frozen_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "withdrawals_frozen_reason" text;
