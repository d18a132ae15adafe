ALTER TABLE "chatbot_actions" ALTER COLUMN "url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "contact_collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chatbot_actions" ADD COLUMN "mcp_tool" text;--> statement-breakpoint
ALTER TABLE "chatbot_actions" ADD COLUMN "auth_token_encrypted" text;--> statement-breakpoint
ALTER TABLE "chatbot_actions" ADD COLUMN "n8n_endpoint_id" uuid;--> statement-breakpoint
ALTER TABLE "chatbot_actions" ADD COLUMN "offer_as_button" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbot_actions" ADD COLUMN "button_label" text;--> statement-breakpoint
ALTER TABLE "chatbot_actions" ADD CONSTRAINT "chatbot_actions_n8n_endpoint_id_n8n_webhook_endpoints_id_fk" FOREIGN KEY ("n8n_endpoint_id") REFERENCES "public"."n8n_webhook_endpoints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_actions" ADD CONSTRAINT "chatbot_actions_url_required" CHECK ("chatbot_actions"."kind" not in ('webhook', 'mcp') or "chatbot_actions"."url" is not null);--> statement-breakpoint
ALTER TABLE "chatbot_actions" ADD CONSTRAINT "chatbot_actions_mcp_tool_required" CHECK ("chatbot_actions"."kind" <> 'mcp' or "chatbot_actions"."mcp_tool" is not null);