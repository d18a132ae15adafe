-- Every node reads the API key a secret is through the read cache (decisions/0057-api-key-reads.md) and drops it when
-- a key or an administrator changes on any node. A key's use (usage_count, last_used_at) is written with every request
-- made with it: those updates are not announced, or each request would empty the cache.
CREATE TRIGGER customer_api_keys_notify_read_cache AFTER INSERT OR UPDATE OF organization_id, created_by, name, prefix, key_hash, chatbot_id, created_by_admin, admin_only, expires_at, revoked_at OR DELETE OR TRUNCATE ON "customer_api_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION parley_notify_read_cache();
--> statement-breakpoint
-- Whether an admin key's creator is still an active administrator.
CREATE TRIGGER admin_users_notify_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "admin_users"
  FOR EACH STATEMENT EXECUTE FUNCTION parley_notify_read_cache();
