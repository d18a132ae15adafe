-- Rate limits become limits of the tier (per minute): per customer API key, per chatbot (widget and API together),
-- per visitor IP per chatbot. Every tier starts at the former constants.
ALTER TABLE "subscription_tier_limits" ADD COLUMN "api_key_requests_per_minute" integer DEFAULT 60 NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscription_tier_limits" ADD COLUMN "chatbot_messages_per_minute" integer DEFAULT 120 NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscription_tier_limits" ADD COLUMN "visitor_messages_per_minute" integer DEFAULT 20 NOT NULL;
