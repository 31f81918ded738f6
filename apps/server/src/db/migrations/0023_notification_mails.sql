ALTER TABLE "reward_cycles" ADD COLUMN "members_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cycle_mails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Cycles completed before this migration were never announced by mail, and will not be now.
UPDATE "reward_cycles" SET "members_mailed_at" = "completed_at" WHERE "completed_at" IS NOT NULL;
