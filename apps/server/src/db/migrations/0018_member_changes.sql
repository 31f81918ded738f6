CREATE TABLE "member_changes" (
	"xid" "xid8" PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every statement that can change a member counter lists its transaction (once per transaction).
-- Statement-level, so a bulk update costs one row; UPDATE OF leaves out sign-ins and the like.
CREATE FUNCTION "users_note_member_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "member_changes" ("xid", "at") VALUES (pg_current_xact_id(), clock_timestamp())
    ON CONFLICT ("xid") DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_note_member_change"
  AFTER INSERT OR DELETE OR UPDATE OF "status", "is_email_verified", "paid_until", "bingx_uid", "is_admin", "is_root", "created_at"
  ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "users_note_member_change"();
