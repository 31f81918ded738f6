CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text DEFAULT 'RUNNING' NOT NULL,
	"error" text,
	CONSTRAINT "job_runs_job_due_at_pk" PRIMARY KEY("job","due_at"),
	CONSTRAINT "job_runs_outcome_check" CHECK ("job_runs"."outcome" in ('RUNNING', 'OK', 'FAILED', 'ABANDONED'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"runs" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_runs_started_idx" ON "job_runs" USING btree ("started_at");