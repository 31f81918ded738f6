CREATE TABLE "reconciliation_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"clean" boolean NOT NULL,
	"differences" integer NOT NULL,
	"report" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reconciliation_reports_ran_at_idx" ON "reconciliation_reports" USING btree ("ran_at");