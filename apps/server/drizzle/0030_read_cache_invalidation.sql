-- Every node keeps in memory a few rows each chat turn reads (db/read-cache.ts: a chatbot, an organization's tier, who
-- listens to its webhooks) and drops them when their table changes on any node. A statement that changes one of these
-- tables names it on the channel parley_cache; PostgreSQL (and PGlite) deliver it at commit, nothing on a rollback, and
-- fold a transaction's repeated notifications into one.
CREATE FUNCTION parley_notify_read_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('parley_cache', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER chatbots_notify_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "chatbots"
  FOR EACH STATEMENT EXECUTE FUNCTION parley_notify_read_cache();
--> statement-breakpoint
CREATE TRIGGER organizations_notify_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organizations"
  FOR EACH STATEMENT EXECUTE FUNCTION parley_notify_read_cache();
--> statement-breakpoint
CREATE TRIGGER subscription_tier_limits_notify_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subscription_tier_limits"
  FOR EACH STATEMENT EXECUTE FUNCTION parley_notify_read_cache();
--> statement-breakpoint
-- The delivery worker writes an endpoint's rate window and failing_since on every attempt; what is cached of a
-- configuration is who listens to what, so only a change of those columns is announced.
CREATE TRIGGER webhook_configs_notify_read_cache AFTER INSERT OR UPDATE OF organization_id, event_types, is_active OR DELETE OR TRUNCATE ON "webhook_configs"
  FOR EACH STATEMENT EXECUTE FUNCTION parley_notify_read_cache();
