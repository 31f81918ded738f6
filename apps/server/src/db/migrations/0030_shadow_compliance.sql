ALTER TABLE "compliance_runs" DROP CONSTRAINT "compliance_runs_status_check";--> statement-breakpoint
ALTER TABLE "compliance_runs" ADD CONSTRAINT "compliance_runs_status_check" CHECK ("compliance_runs"."status" in ('APPLIED', 'HELD', 'SHADOW'));--> statement-breakpoint
ALTER TABLE "compliance_runs" ADD COLUMN "copying_held" integer;--> statement-breakpoint
CREATE TABLE "compliance_decisions" (
	"run_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"reasons" text[] DEFAULT '{}' NOT NULL,
	"mail_day" smallint,
	"amount_micro" bigint,
	"evidence" jsonb NOT NULL,
	CONSTRAINT "compliance_decisions_run_id_user_id_pk" PRIMARY KEY("run_id","user_id"),
	CONSTRAINT "compliance_decisions_action_check" CHECK ("compliance_decisions"."action" in ('LOCK', 'REMIND', 'FORFEIT', 'RELEASE', 'CONCERN', 'UNKNOWN'))
);
--> statement-breakpoint
ALTER TABLE "compliance_decisions" ADD CONSTRAINT "compliance_decisions_run_id_compliance_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."compliance_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_decisions" ADD CONSTRAINT "compliance_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
