CREATE TABLE "subscription_tier_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tier" text NOT NULL,
	"display_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"monthly_token_limit" integer NOT NULL,
	"max_handoffs_per_month" integer DEFAULT 10 NOT NULL,
	"max_chatbots" integer NOT NULL,
	"price_monthly_cents" integer DEFAULT 0 NOT NULL,
	"price_annual_cents" integer DEFAULT 0 NOT NULL,
	"stripe_price_id_monthly" text,
	"stripe_price_id_annual" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_popular" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"cta_text" text DEFAULT 'Get Started' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_tier_limits_tier_unique" UNIQUE("tier")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "tier" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
INSERT INTO "subscription_tier_limits" ("tier", "display_name", "description", "monthly_token_limit", "max_handoffs_per_month", "max_chatbots", "sort_order", "cta_text")
VALUES ('free', 'Free', 'Try Parley with up to three chatbots.', 100000, 10, 3, 1, 'Get Started')
ON CONFLICT ("tier") DO NOTHING;
