-- More figures kept per instance until a write announces a change (decision 019), like the
-- session checks of 0020. Once per statement, so a cycle's million lines cost one notification.
--
-- Reward lines are counted for the member's pages (how many lines, for the pagination).
CREATE FUNCTION "notify_reward_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('reward_changes', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "rewards_notify_change"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rewards"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reward_change"();--> statement-breakpoint
-- The per-level counts of a network (the referral statistics): a member joins, or a copied field
-- (status, exchange link, paid until) moves. A lapsing subscription is no write: the cache knows
-- its time itself.
CREATE FUNCTION "notify_network_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('network_changes', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "referral_paths_notify_change"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "referral_paths"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_network_change"();
