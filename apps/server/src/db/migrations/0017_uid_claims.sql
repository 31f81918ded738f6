CREATE TABLE "uid_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claimant_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"message" text NOT NULL,
	"holder_id" uuid,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution_note" text,
	CONSTRAINT "uid_claims_status_check" CHECK ("uid_claims"."status" in ('OPEN', 'UNLINKED', 'REASSIGNED', 'REJECTED'))
);
--> statement-breakpoint
ALTER TABLE "uid_claims" ADD CONSTRAINT "uid_claims_claimant_id_users_id_fk" FOREIGN KEY ("claimant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uid_claims" ADD CONSTRAINT "uid_claims_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uid_claims" ADD CONSTRAINT "uid_claims_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uid_claims_status_idx" ON "uid_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uid_claims_one_open_per_member" ON "uid_claims" USING btree ("claimant_id") WHERE "uid_claims"."status" = 'OPEN';