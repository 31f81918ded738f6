DROP INDEX "withdrawals_payout_nonce_unique";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_from" text;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_payout_nonce_unique" ON "withdrawals" USING btree (coalesce(lower("payout_from"), ''),"payout_nonce");