CREATE TABLE "payout_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"withdrawal_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_address" text NOT NULL,
	"nonce" bigint NOT NULL,
	"hash" text NOT NULL,
	"raw_tx" text NOT NULL,
	"signed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"broadcast_at" timestamp with time zone,
	CONSTRAINT "payout_attempts_kind_check" CHECK ("payout_attempts"."kind" in ('PAYOUT', 'CANCEL'))
);
--> statement-breakpoint
ALTER TABLE "payout_attempts" ADD CONSTRAINT "payout_attempts_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_attempts" ADD CONSTRAINT "payout_attempts_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_attempts_hash_unique" ON "payout_attempts" USING btree (lower("hash"));--> statement-breakpoint
CREATE INDEX "payout_attempts_withdrawal_idx" ON "payout_attempts" USING btree ("withdrawal_id","created_at");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_abandon" jsonb;--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_payout_state_check";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_state_check" CHECK ("withdrawals"."payout_state" in ('NONE', 'SENDING', 'CANCELLING', 'CONFIRMING', 'SENT', 'FAILED'));--> statement-breakpoint
INSERT INTO "payout_attempts" ("withdrawal_id", "kind", "from_address", "nonce", "hash", "raw_tx", "signed_by", "created_at", "broadcast_at")
SELECT "id", 'PAYOUT', coalesce("payout_from", ''), "payout_nonce", "transaction_hash", "payout_raw_tx", "payout_started_by", "requested_at", "requested_at"
  FROM "withdrawals"
 WHERE "payout_raw_tx" IS NOT NULL AND "transaction_hash" IS NOT NULL AND "payout_nonce" IS NOT NULL;
