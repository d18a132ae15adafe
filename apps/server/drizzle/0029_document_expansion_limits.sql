ALTER TABLE "system_configuration" ADD COLUMN "max_expanded_document_mb" integer DEFAULT 200 NOT NULL;
--> statement-breakpoint
ALTER TABLE "system_configuration" ADD COLUMN "max_document_text_mb" integer DEFAULT 20 NOT NULL;
