CREATE TABLE "chatbot_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"chatbot_id" uuid NOT NULL,
	"template_id" uuid,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"kind" text DEFAULT 'webhook' NOT NULL,
	"url" text NOT NULL,
	"method" text DEFAULT 'POST' NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"signing_secret_encrypted" text,
	"parameters" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chatbot_actions_chatbot_name_unique" UNIQUE("chatbot_id","name")
);
--> statement-breakpoint
CREATE TABLE "message_action_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"chatbot_id" uuid NOT NULL,
	"action_id" uuid,
	"action_name" text NOT NULL,
	"arguments" jsonb NOT NULL,
	"result_excerpt" text,
	"error" text,
	"http_status" integer,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_tier_limits" ADD COLUMN "max_actions_per_chatbot" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_tier_limits" ADD COLUMN "max_action_calls_per_turn" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbot_actions" ADD CONSTRAINT "chatbot_actions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_actions" ADD CONSTRAINT "chatbot_actions_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_actions" ADD CONSTRAINT "chatbot_actions_template_id_ai_action_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."ai_action_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_action_calls" ADD CONSTRAINT "message_action_calls_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_action_calls" ADD CONSTRAINT "message_action_calls_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_action_calls" ADD CONSTRAINT "message_action_calls_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_action_calls" ADD CONSTRAINT "message_action_calls_action_id_chatbot_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."chatbot_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chatbot_actions_organization_idx" ON "chatbot_actions" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "message_action_calls_message_idx" ON "message_action_calls" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "message_action_calls_conversation_idx" ON "message_action_calls" USING btree ("conversation_id","created_at");--> statement-breakpoint
-- Every model-backed chat turn reads its chatbot's enabled actions: kept in each node's read cache (db/read-cache.ts)
-- and dropped on any change, announced at commit like the other cached tables (0030_read_cache_invalidation.sql).
CREATE TRIGGER chatbot_actions_notify_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "chatbot_actions"
  FOR EACH STATEMENT EXECUTE FUNCTION parley_notify_read_cache();
