ALTER TABLE "invoices" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_subscriptions" ADD COLUMN "last_event_at" timestamp with time zone;--> statement-breakpoint
-- Sandbox invoices already recorded take their tax from the sandbox's own invoice; Stripe's past ones keep 0 (the
-- tax was not stored) until the provider sends them again.
UPDATE "invoices" SET "tax_cents" = "sandbox_invoices"."tax_cents" FROM "sandbox_invoices" WHERE "invoices"."provider" = 'sandbox' AND "invoices"."provider_invoice_id" = "sandbox_invoices"."id";
