ALTER TABLE "rewards" DROP CONSTRAINT "rewards_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "rewards" DROP CONSTRAINT "rewards_source_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "rewards" DROP CONSTRAINT "rewards_cycle_id_reward_cycles_id_fk";
--> statement-breakpoint
DROP INDEX "rewards_cycle_line_unique";--> statement-breakpoint
DROP INDEX "rewards_payment_line_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_cycle_line_unique" ON "rewards" USING btree ("cycle_id","source_user_id","level") WHERE "rewards"."cycle_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_payment_line_unique" ON "rewards" USING btree ("payment_id","level") WHERE "rewards"."payment_id" is not null;