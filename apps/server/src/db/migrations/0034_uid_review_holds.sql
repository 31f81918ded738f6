-- Credits held while a UID link is under review (decision 044): their own bucket, so that the
-- daily compliance run (which releases or forfeits the locked bucket) never touches them.
ALTER TABLE "balances" ADD COLUMN "held_micro" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_held_check" CHECK ("balances"."held_micro" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "held_delta" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('REWARD_DIRECT', 'REWARD_DOWNLINE', 'LOCK_RELEASE', 'LOCK_FORFEIT', 'WITHDRAWAL_HOLD', 'WITHDRAWAL_PAID', 'WITHDRAWAL_RETURNED', 'HOLD_RELEASE', 'HOLD_FORFEIT', 'REWARD_CORRECTION'));--> statement-breakpoint
ALTER TABLE "rewards" DROP CONSTRAINT "rewards_bucket_check";--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_bucket_check" CHECK ("rewards"."bucket" in ('AVAILABLE', 'LOCKED', 'HELD'));--> statement-breakpoint
-- Held lines of one trading member, found without reading a cycle's million lines.
CREATE INDEX "rewards_held_source_idx" ON "rewards" USING btree ("source_user_id","user_id") WHERE "rewards"."bucket" = 'HELD';
--> statement-breakpoint
-- A correction cycle names the paid cycles whose lines for its days it nets out (decision 044).
ALTER TABLE "reward_cycles" ADD COLUMN "corrects_cycles" integer[];
