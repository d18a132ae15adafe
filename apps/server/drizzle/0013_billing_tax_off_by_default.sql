ALTER TABLE "billing_settings" ALTER COLUMN "tax_enabled" SET DEFAULT false;--> statement-breakpoint
-- Tax is charged for real from now on (decisions §59): settings an administrator never saved keep no placeholder 8.5 %.
UPDATE "billing_settings" SET "tax_enabled" = false WHERE "updated_by" IS NULL;
