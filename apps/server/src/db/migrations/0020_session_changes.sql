-- What a session check reads can be kept per instance (modules/auth/session-cache.ts) because
-- every change to it is announced at commit: NOTIFY session_changes with the user's id, to every
-- instance that listens (docs/decisions/019). A trigger rather than the services, so no write
-- path (an admin action, a deletion, SQL by hand) can forget to announce.
CREATE FUNCTION "notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
BEGIN
  PERFORM pg_notify('session_changes', changed ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- What the session check reads of a user: the token version, the status, the role, the email.
CREATE TRIGGER "users_notify_session_change"
  AFTER UPDATE OF "token_version", "status", "is_admin", "email" ON "users"
  FOR EACH ROW
  WHEN (OLD."token_version" IS DISTINCT FROM NEW."token_version"
     OR OLD."status" IS DISTINCT FROM NEW."status"
     OR OLD."is_admin" IS DISTINCT FROM NEW."is_admin"
     OR OLD."email" IS DISTINCT FROM NEW."email")
  EXECUTE FUNCTION "notify_session_change"('id');--> statement-breakpoint
CREATE TRIGGER "users_deleted_notify_session_change"
  AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_change"('id');--> statement-breakpoint
-- A session ended (sign-out, "sign out everywhere", an administrator) or removed; not the
-- last-seen touch.
CREATE TRIGGER "user_sessions_notify_session_change"
  AFTER UPDATE OF "ended_at", "user_id" ON "user_sessions"
  FOR EACH ROW
  WHEN (OLD."ended_at" IS DISTINCT FROM NEW."ended_at" OR OLD."user_id" IS DISTINCT FROM NEW."user_id")
  EXECUTE FUNCTION "notify_session_change"('user_id');--> statement-breakpoint
CREATE TRIGGER "user_sessions_deleted_notify_session_change"
  AFTER DELETE ON "user_sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_change"('user_id');--> statement-breakpoint
-- A second factor enrolled, confirmed or removed (administrators need one for the admin API).
CREATE TRIGGER "user_two_factor_notify_session_change"
  AFTER INSERT OR UPDATE OF "enabled_at" OR DELETE ON "user_two_factor"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_change"('user_id');
--> statement-breakpoint
-- Settings shown on every page load (the minimum withdrawal beside the balances) are kept per
-- instance the same way, and dropped when any setting is saved (db/change-feed.ts).
CREATE FUNCTION "notify_settings_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('settings_changes', CASE WHEN TG_OP = 'DELETE' THEN OLD."key" ELSE NEW."key" END);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "settings_notify_change"
  AFTER INSERT OR UPDATE OR DELETE ON "settings"
  FOR EACH ROW EXECUTE FUNCTION "notify_settings_change"();
