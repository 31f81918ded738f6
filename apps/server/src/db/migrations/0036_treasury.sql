CREATE TABLE "treasury_balances" (
	"address" text PRIMARY KEY NOT NULL,
	"place" text NOT NULL,
	"usdt_micro" bigint NOT NULL,
	"native_wei" numeric(78, 0),
	"read_at" timestamp with time zone NOT NULL,
	"failed_at" timestamp with time zone,
	CONSTRAINT "treasury_balances_place_check" CHECK ("treasury_balances"."place" in ('DEPOSIT', 'HOT_WALLET', 'TREASURY')),
	CONSTRAINT "treasury_balances_usdt_check" CHECK ("treasury_balances"."usdt_micro" >= 0)
);
--> statement-breakpoint
CREATE INDEX "treasury_balances_place_idx" ON "treasury_balances" USING btree ("place");--> statement-breakpoint
CREATE TABLE "treasury_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"method" text,
	"addresses" integer NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "treasury_scans_started_idx" ON "treasury_scans" USING btree ("started_at");--> statement-breakpoint
CREATE TABLE "treasury_snapshots" (
	"day" date PRIMARY KEY NOT NULL,
	"holdings_micro" bigint,
	"liabilities_micro" bigint NOT NULL,
	"coverage" numeric(20, 4),
	"stale" boolean NOT NULL,
	"detail" jsonb NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
