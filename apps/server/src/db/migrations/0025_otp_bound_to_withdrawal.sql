ALTER TABLE "withdrawal_otps" ADD COLUMN "amount_micro" bigint;--> statement-breakpoint
ALTER TABLE "withdrawal_otps" ADD COLUMN "wallet_address" text;