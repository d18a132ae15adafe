-- Workflows and webhook endpoints move out of usage_analytics (rows told apart by usage_type, their fields in a jsonb
-- metadata object, quantity = executions or requests) into tables of their own with typed columns under the spec's field
-- names (decisions/0043-n8n-tables-and-feature-names.md). Every row keeps its id, so the workflow and endpoint ids
-- in n8n_routing_rules and n8n_requests still name the same rows; their foreign keys now point at the new tables.
CREATE TABLE "n8n_workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"name" text DEFAULT 'Unnamed Workflow' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"n8n_workflow_id" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'inactive' NOT NULL,
	"trigger_type" text DEFAULT 'webhook' NOT NULL,
	"endpoint_url" text DEFAULT '' NOT NULL,
	"schedule_expression" text DEFAULT '' NOT NULL,
	"execution_count" integer DEFAULT 0 NOT NULL,
	"last_execution" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "n8n_webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"name" text DEFAULT 'Unnamed Endpoint' NOT NULL,
	"endpoint_path" text DEFAULT '' NOT NULL,
	"method" text DEFAULT 'POST' NOT NULL,
	"workflow_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"request_count" integer DEFAULT 0 NOT NULL,
	"last_request" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A metadata field the way the n8n screens read it: its text when it is a JSON string, else null.
CREATE FUNCTION parley_migration_text(metadata jsonb, key text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN jsonb_typeof(metadata -> key) = 'string' THEN metadata ->> key END
$$;
--> statement-breakpoint
-- last_execution and last_request were ISO strings; one that is not a date and time (a hand-edited row) becomes null,
-- words such as 'yesterday' that PostgreSQL would read as a time included.
CREATE FUNCTION parley_migration_timestamptz(value text) RETURNS timestamptz LANGUAGE plpgsql AS $$
BEGIN
  IF value IS NULL OR value !~ '^\d{4}-\d{2}-\d{2}' THEN
    RETURN NULL;
  END IF;
  RETURN value::timestamptz;
EXCEPTION WHEN others THEN
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The defaults the screens filled in for a missing or unknown value are stored now (features/n8n/workflows.ts read them so).
INSERT INTO "n8n_workflows" ("id", "user_id", "name", "description", "n8n_workflow_id", "status", "trigger_type", "endpoint_url",
  "schedule_expression", "execution_count", "last_execution", "created_at", "updated_at")
SELECT "id", "user_id",
  coalesce(nullif(parley_migration_text("metadata", 'name'), ''), 'Unnamed Workflow'),
  coalesce(parley_migration_text("metadata", 'description'), ''),
  coalesce(parley_migration_text("metadata", 'n8n_workflow_id'), ''),
  CASE WHEN parley_migration_text("metadata", 'status') IN ('active', 'inactive', 'error') THEN parley_migration_text("metadata", 'status') ELSE 'inactive' END,
  CASE WHEN parley_migration_text("metadata", 'trigger_type') IN ('webhook', 'schedule', 'manual') THEN parley_migration_text("metadata", 'trigger_type') ELSE 'webhook' END,
  coalesce(parley_migration_text("metadata", 'endpoint_url'), ''),
  coalesce(parley_migration_text("metadata", 'schedule_expression'), ''),
  "quantity",
  parley_migration_timestamptz(parley_migration_text("metadata", 'last_execution')),
  "created_at", "updated_at"
FROM "usage_analytics" WHERE "usage_type" = 'n8n_workflow';
--> statement-breakpoint
-- An endpoint's workflow_id was text in the metadata: kept when it names a workflow, else the endpoint has none.
INSERT INTO "n8n_webhook_endpoints" ("id", "user_id", "name", "endpoint_path", "method", "workflow_id", "is_active", "request_count",
  "last_request", "created_at", "updated_at")
SELECT u."id", u."user_id",
  coalesce(nullif(parley_migration_text(u."metadata", 'name'), ''), 'Unnamed Endpoint'),
  coalesce(parley_migration_text(u."metadata", 'endpoint_path'), ''),
  CASE WHEN parley_migration_text(u."metadata", 'method') IN ('GET', 'POST', 'PUT', 'PATCH', 'DELETE') THEN parley_migration_text(u."metadata", 'method') ELSE 'POST' END,
  (SELECT w."id" FROM "n8n_workflows" w WHERE w."id"::text = lower(parley_migration_text(u."metadata", 'workflow_id'))),
  CASE WHEN jsonb_typeof(u."metadata" -> 'is_active') = 'boolean' THEN (u."metadata" ->> 'is_active')::boolean ELSE true END,
  u."quantity",
  parley_migration_timestamptz(parley_migration_text(u."metadata", 'last_request')),
  u."created_at", u."updated_at"
FROM "usage_analytics" u WHERE u."usage_type" = 'webhook_endpoint';
--> statement-breakpoint
DROP FUNCTION parley_migration_text(jsonb, text);
--> statement-breakpoint
DROP FUNCTION parley_migration_timestamptz(text);
--> statement-breakpoint
ALTER TABLE "n8n_requests" DROP CONSTRAINT "n8n_requests_workflow_id_usage_analytics_id_fk";
--> statement-breakpoint
ALTER TABLE "n8n_requests" DROP CONSTRAINT "n8n_requests_endpoint_id_usage_analytics_id_fk";
--> statement-breakpoint
ALTER TABLE "n8n_routing_rules" DROP CONSTRAINT "n8n_routing_rules_workflow_id_usage_analytics_id_fk";
--> statement-breakpoint
-- The old keys allowed any usage_analytics row; one of the wrong kind (never written by Parley) is forgotten, as a deleted one is.
UPDATE "n8n_routing_rules" r SET "workflow_id" = NULL
WHERE r."workflow_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "n8n_workflows" w WHERE w."id" = r."workflow_id");
--> statement-breakpoint
UPDATE "n8n_requests" r SET "workflow_id" = NULL
WHERE r."workflow_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "n8n_workflows" w WHERE w."id" = r."workflow_id");
--> statement-breakpoint
UPDATE "n8n_requests" r SET "endpoint_id" = NULL
WHERE r."endpoint_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "n8n_webhook_endpoints" e WHERE e."id" = r."endpoint_id");
--> statement-breakpoint
ALTER TABLE "n8n_webhook_endpoints" ADD CONSTRAINT "n8n_webhook_endpoints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "n8n_webhook_endpoints" ADD CONSTRAINT "n8n_webhook_endpoints_workflow_id_n8n_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."n8n_workflows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "n8n_workflows" ADD CONSTRAINT "n8n_workflows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "n8n_webhook_endpoints_created_idx" ON "n8n_webhook_endpoints" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "n8n_workflows_created_idx" ON "n8n_workflows" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "n8n_requests" ADD CONSTRAINT "n8n_requests_workflow_id_n8n_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."n8n_workflows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "n8n_requests" ADD CONSTRAINT "n8n_requests_endpoint_id_n8n_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."n8n_webhook_endpoints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "n8n_routing_rules" ADD CONSTRAINT "n8n_routing_rules_workflow_id_n8n_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."n8n_workflows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
DROP TABLE "usage_analytics";
