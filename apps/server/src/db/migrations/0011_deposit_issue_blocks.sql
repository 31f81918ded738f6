ALTER TABLE "users" ADD COLUMN "deposit_issued_chain" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deposit_issued_block" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deposit_caught_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Addresses handed out before this migration were covered by the watcher's position all along
-- (decision 011 scanned every address from it): they count as caught up.
UPDATE "users" SET "deposit_caught_up" = true WHERE "wallet_address" IS NOT NULL;
