CREATE TABLE "chain_rescans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_identity" text NOT NULL,
	"from_block" bigint NOT NULL,
	"to_block" bigint NOT NULL,
	"next_block" bigint NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"credited" integer DEFAULT 0 NOT NULL,
	"error" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "chain_rescans_status_check" CHECK ("chain_rescans"."status" in ('RUNNING', 'DONE', 'FAILED')),
	CONSTRAINT "chain_rescans_range_check" CHECK ("chain_rescans"."from_block" >= 0 and "chain_rescans"."to_block" >= "chain_rescans"."from_block")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"clean" boolean NOT NULL,
	"differences" integer NOT NULL,
	"report" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chain_rescans" ADD CONSTRAINT "chain_rescans_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_reports_ran_at_idx" ON "reconciliation_reports" USING btree ("ran_at");