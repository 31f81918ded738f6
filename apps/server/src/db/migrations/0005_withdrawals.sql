CREATE TABLE "withdrawal_otps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"withdrawal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_state" text DEFAULT 'NONE' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_nonce" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_raw_tx" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_error" text;--> statement-breakpoint
ALTER TABLE "withdrawal_otps" ADD CONSTRAINT "withdrawal_otps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_otps" ADD CONSTRAINT "withdrawal_otps_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawal_otps_user_idx" ON "withdrawal_otps" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_one_pending_per_member" ON "withdrawals" USING btree ("user_id") WHERE "withdrawals"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_one_pending_per_address" ON "withdrawals" USING btree (lower("wallet_address")) WHERE "withdrawals"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_payout_nonce_unique" ON "withdrawals" USING btree ("payout_nonce");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_state_check" CHECK ("withdrawals"."payout_state" in ('NONE', 'SENDING', 'SENT', 'FAILED'));