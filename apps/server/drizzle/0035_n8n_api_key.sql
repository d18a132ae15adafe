ALTER TABLE "n8n_settings" ADD COLUMN "api_key_encrypted" text;--> statement-breakpoint
ALTER TABLE "n8n_settings" ADD COLUMN "api_key_hint" text;