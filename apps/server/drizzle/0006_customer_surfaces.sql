CREATE TABLE "handoffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"chatbot_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"reason" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"close_outcome" text,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_preview" text DEFAULT '' NOT NULL,
	"alerted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organization_alerts" (
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_alerts_organization_id_kind_period_pk" PRIMARY KEY("organization_id","kind","period")
);
--> statement-breakpoint
CREATE TABLE "analytics_export_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by" uuid,
	"report" text NOT NULL,
	"chatbot_id" uuid,
	"frequency" text NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"recipients" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"requested_by" uuid,
	"schedule_id" uuid,
	"report" text NOT NULL,
	"chatbot_id" uuid,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows_total" integer,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"content" text,
	"size_bytes" integer,
	"error" text,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_stats_hourly" (
	"chatbot_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"declined" integer DEFAULT 0 NOT NULL,
	"handoffs" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	"latency_ms_sum" double precision DEFAULT 0 NOT NULL,
	"latency_count" integer DEFAULT 0 NOT NULL,
	"thumbs_up" integer DEFAULT 0 NOT NULL,
	"thumbs_down" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_stats_hourly_chatbot_id_hour_pk" PRIMARY KEY("chatbot_id","hour")
);
--> statement-breakpoint
CREATE TABLE "question_stats_daily" (
	"chatbot_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"question_key" text NOT NULL,
	"asked" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"sample" text NOT NULL,
	"last_asked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "question_stats_daily_chatbot_id_day_question_key_pk" PRIMARY KEY("chatbot_id","day","question_key")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "handoff_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "handoff_alert_minutes" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "agent_user_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "question_key" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "rating" smallint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_alerts" ADD CONSTRAINT "organization_alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_export_schedules" ADD CONSTRAINT "analytics_export_schedules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_export_schedules" ADD CONSTRAINT "analytics_export_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_export_schedules" ADD CONSTRAINT "analytics_export_schedules_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_exports" ADD CONSTRAINT "analytics_exports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_exports" ADD CONSTRAINT "analytics_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_exports" ADD CONSTRAINT "analytics_exports_schedule_id_analytics_export_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."analytics_export_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_exports" ADD CONSTRAINT "analytics_exports_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_stats_hourly" ADD CONSTRAINT "chat_stats_hourly_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_stats_hourly" ADD CONSTRAINT "chat_stats_hourly_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_stats_daily" ADD CONSTRAINT "question_stats_daily_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_stats_daily" ADD CONSTRAINT "question_stats_daily_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "handoffs_one_open_per_conversation" ON "handoffs" USING btree ("conversation_id") WHERE "handoffs"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "handoffs_org_status_idx" ON "handoffs" USING btree ("organization_id","status","last_message_at");--> statement-breakpoint
CREATE INDEX "handoffs_org_requested_idx" ON "handoffs" USING btree ("organization_id","requested_at");--> statement-breakpoint
CREATE INDEX "analytics_export_schedules_due_idx" ON "analytics_export_schedules" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "analytics_exports_org_idx" ON "analytics_exports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_stats_hourly_org_hour_idx" ON "chat_stats_hourly" USING btree ("organization_id","hour");--> statement-breakpoint
CREATE INDEX "question_stats_daily_org_day_idx" ON "question_stats_daily" USING btree ("organization_id","day");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_rating_thumbs" CHECK ("rating" IS NULL OR "rating" IN (-1, 1));--> statement-breakpoint
UPDATE "messages" SET "outcome" = CASE
  WHEN "content" = 'This assistant has reached its monthly usage limit and cannot answer right now. Please try again later.' THEN 'limited'
  WHEN "is_answered" IS TRUE THEN 'answered'
  WHEN "is_answered" IS FALSE THEN 'declined'
  ELSE 'error' END
WHERE "role" = 'assistant' AND "outcome" IS NULL;
