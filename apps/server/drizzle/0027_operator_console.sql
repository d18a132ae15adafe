-- Operator console (issue: operators 8–10). Page views are no longer activity: the dashboard visits recorded so far
-- (admin_dashboard_view) are removed, so the log holds changes and security-relevant actions only (decisions, E).
DELETE FROM "admin_activity_logs" WHERE "action" = 'admin_dashboard_view';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_activity_logs_admin_created_idx" ON "admin_activity_logs" USING btree ("admin_user_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_activity_logs_action_created_idx" ON "admin_activity_logs" USING btree ("action","created_at");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "resent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at","id");
