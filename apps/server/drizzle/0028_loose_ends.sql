-- Loose ends (engineer D). Webhook Tester events are marked, so the billing health figures leave them out; events
-- stored before carry the tester's mark in their summarised object (billing/webhook.ts TEST_EVENT_METADATA).
ALTER TABLE "billing_events" ADD COLUMN IF NOT EXISTS "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "billing_events" SET "is_test" = true WHERE "data"->'object'->'metadata'->>'parley_test' = 'true';
