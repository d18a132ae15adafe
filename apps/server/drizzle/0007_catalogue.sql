CREATE TABLE "ai_action_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT 'Zap' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_action_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "ai_action_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"action_type" text NOT NULL,
	"category_id" uuid,
	"template_config" text DEFAULT '{}' NOT NULL,
	"instructions_template" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT 'Zap' NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"webhooks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"event_handlers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "behavior_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"system_prompt" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_ai_agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"agent_type" text DEFAULT 'chatbot_template' NOT NULL,
	"webhook_url" text,
	"configuration" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_features" (
	"tier" text NOT NULL,
	"feature_name" text NOT NULL,
	"feature_value" text DEFAULT '' NOT NULL,
	"is_included" boolean DEFAULT true NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_features_tier_feature_name_pk" PRIMARY KEY("tier","feature_name")
);
--> statement-breakpoint
CREATE TABLE "pricing_faqs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_conversion_config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"characters_per_token" double precision DEFAULT 0.75 NOT NULL,
	"tokens_per_character" double precision DEFAULT 1.333 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_conversion_config_rates_positive" CHECK ("token_conversion_config"."characters_per_token" > 0 AND "token_conversion_config"."tokens_per_character" > 0)
);
--> statement-breakpoint
CREATE TABLE "token_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"tokens" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_type_config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"base_rate_multiplier" double precision DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_type_config_token_type_unique" UNIQUE("token_type"),
	CONSTRAINT "token_type_config_multiplier_positive" CHECK ("token_type_config"."base_rate_multiplier" > 0)
);
--> statement-breakpoint
CREATE TABLE "system_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_name" text NOT NULL,
	"key_name" text NOT NULL,
	"encrypted_value" text NOT NULL,
	"last4" text NOT NULL,
	"tier" text DEFAULT 'system' NOT NULL,
	"scope" text DEFAULT 'all' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"usage_count_today" integer DEFAULT 0 NOT NULL,
	"usage_limit_per_day" integer,
	"last_used_date" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "system_configuration" ADD COLUMN "global_webhook_timeout_seconds" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "system_configuration" ADD COLUMN "global_webhook_retry_count" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "system_configuration" ADD COLUMN "webhook_rate_limit_per_minute" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "system_configuration" ADD COLUMN "processing_mode" text DEFAULT 'edge_functions' NOT NULL;--> statement-breakpoint
ALTER TABLE "system_configuration" ADD COLUMN "n8n_webhook_base_url" text;--> statement-breakpoint
ALTER TABLE "system_configuration" ADD COLUMN "require_api_key_encryption" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "system_configuration" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "ai_action_templates" ADD CONSTRAINT "ai_action_templates_category_id_ai_action_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ai_action_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_action_templates" ADD CONSTRAINT "ai_action_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "behavior_templates" ADD CONSTRAINT "behavior_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_ai_agents" ADD CONSTRAINT "global_ai_agents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_api_keys" ADD CONSTRAINT "system_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_action_templates_category_idx" ON "ai_action_templates" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "behavior_templates_one_default" ON "behavior_templates" USING btree ("is_default") WHERE "behavior_templates"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "system_api_keys_name_unique" ON "system_api_keys" USING btree ("key_name");--> statement-breakpoint
ALTER TABLE "system_configuration" ADD CONSTRAINT "system_configuration_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "behavior_templates" ("name", "description", "system_prompt", "is_default", "is_active")
VALUES ('Helpful support assistant', 'Answers from your documents only, briefly and kindly, and says when they do not cover a question.',
  'You are a helpful assistant for our customers. Answer only from the provided documents, say so when they do not contain the answer, and keep answers short and friendly.', true, true);--> statement-breakpoint
INSERT INTO "token_conversion_config" ("characters_per_token", "tokens_per_character", "is_active") VALUES (0.75, 1.333, true);--> statement-breakpoint
INSERT INTO "token_type_config" ("token_type", "description", "base_rate_multiplier", "is_active") VALUES
  ('message', 'Chat messages: the visitor''s question and the answer.', 1, true),
  ('storage', 'Training data: the text of documents when they are processed.', 1, true)
ON CONFLICT ("token_type") DO NOTHING;--> statement-breakpoint
INSERT INTO "plan_features" ("tier", "feature_name", "feature_value", "is_included", "display_order") VALUES
  ('free', 'Active Chatbots', '3', true, 1),
  ('free', 'AI Tokens/month', '100,000', true, 2)
ON CONFLICT ("tier", "feature_name") DO NOTHING;
