-- 0021 announced reward lines and network paths through two functions that differed only in
-- their channel: one function now, given the channel by each trigger.
CREATE FUNCTION "notify_statement_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "rewards_notify_change" ON "rewards";--> statement-breakpoint
CREATE TRIGGER "rewards_notify_change"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rewards"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_statement_change"('reward_changes');--> statement-breakpoint
DROP TRIGGER "referral_paths_notify_change" ON "referral_paths";--> statement-breakpoint
CREATE TRIGGER "referral_paths_notify_change"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "referral_paths"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_statement_change"('network_changes');--> statement-breakpoint
DROP FUNCTION "notify_reward_change"();--> statement-breakpoint
DROP FUNCTION "notify_network_change"();
