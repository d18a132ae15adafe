ALTER TABLE "analytics_exports" DROP CONSTRAINT "analytics_exports_chatbot_id_chatbots_id_fk";
--> statement-breakpoint
ALTER TABLE "analytics_exports" ADD CONSTRAINT "analytics_exports_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;