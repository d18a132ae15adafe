ALTER TABLE "message_action_calls" ADD COLUMN "action_kind" text;--> statement-breakpoint
ALTER TABLE "message_action_calls" ADD COLUMN "target_host" text;--> statement-breakpoint
CREATE INDEX "message_action_calls_chatbot_idx" ON "message_action_calls" USING btree ("chatbot_id","created_at");--> statement-breakpoint
UPDATE "message_action_calls" AS m SET "action_kind" = a."kind", "target_host" = substring(a."url" from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^/?#]+)') FROM "chatbot_actions" AS a WHERE a."id" = m."action_id";
