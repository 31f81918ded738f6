CREATE TABLE "compliance_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "compliance_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"linked_members" integer NOT NULL,
	"newly_locked" integer NOT NULL,
	"unknown_members" integer NOT NULL,
	"copying_members" integer,
	"reason" text,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	CONSTRAINT "compliance_runs_status_check" CHECK ("compliance_runs"."status" in ('APPLIED', 'HELD'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "exchange_concern_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "compliance_unknown_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "compliance_unknown_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bingx_direct_invitation" boolean;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bingx_registered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bingx_linked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "compliance_runs" ADD CONSTRAINT "compliance_runs_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_runs_started_idx" ON "compliance_runs" USING btree ("started_at");