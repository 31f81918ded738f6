CREATE TABLE "uid_check_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "uid_check_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uid_check_attempts" ADD CONSTRAINT "uid_check_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uid_check_attempts_created_idx" ON "uid_check_attempts" USING btree ("created_at","user_id");--> statement-breakpoint
CREATE TABLE "uid_link_reviews" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"reasons" text[] NOT NULL,
	"invitation_code" text,
	"status" text DEFAULT 'FLAGGED' NOT NULL,
	"flagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "uid_link_reviews_status_check" CHECK ("uid_link_reviews"."status" in ('FLAGGED', 'CLEARED', 'REJECTED'))
);
--> statement-breakpoint
ALTER TABLE "uid_link_reviews" ADD CONSTRAINT "uid_link_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uid_link_reviews" ADD CONSTRAINT "uid_link_reviews_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uid_link_reviews_flagged_idx" ON "uid_link_reviews" USING btree ("user_id") WHERE "uid_link_reviews"."status" = 'FLAGGED';--> statement-breakpoint
CREATE TABLE "risk_reviews" (
	"signal_key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "risk_reviews" ADD CONSTRAINT "risk_reviews_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "risk_digested_signals" (
	"signal_key" text PRIMARY KEY NOT NULL,
	"digested_at" timestamp with time zone DEFAULT now() NOT NULL
);
