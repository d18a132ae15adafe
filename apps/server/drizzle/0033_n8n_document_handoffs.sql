-- One row per document processing handed to n8n's routing (a source and its version), with how it ended: auto
-- fallback and the routing rules' figures count documents, not request or job attempts (decisions/0045). The rules'
-- execution_count and success_count counted attempts (one failed document showed as four executions): they are
-- dropped, and the figures come from these rows from now on.
CREATE TABLE "n8n_document_handoffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid,
	"source_version" integer NOT NULL,
	"document_name" text NOT NULL,
	"routing_rule_id" uuid,
	"workflow_id" uuid,
	"outcome" text NOT NULL,
	"sent_to_n8n" boolean NOT NULL,
	"reason" text,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "n8n_document_handoffs" ADD CONSTRAINT "n8n_document_handoffs_source_id_knowledge_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "n8n_document_handoffs" ADD CONSTRAINT "n8n_document_handoffs_routing_rule_id_n8n_routing_rules_id_fk" FOREIGN KEY ("routing_rule_id") REFERENCES "public"."n8n_routing_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "n8n_document_handoffs" ADD CONSTRAINT "n8n_document_handoffs_workflow_id_n8n_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."n8n_workflows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "n8n_document_handoffs_processing_idx" ON "n8n_document_handoffs" USING btree ("source_id","source_version");--> statement-breakpoint
CREATE INDEX "n8n_document_handoffs_decided_idx" ON "n8n_document_handoffs" USING btree ("decided_at");--> statement-breakpoint
CREATE INDEX "n8n_document_handoffs_rule_idx" ON "n8n_document_handoffs" USING btree ("routing_rule_id");--> statement-breakpoint
ALTER TABLE "n8n_routing_rules" DROP COLUMN "execution_count";--> statement-breakpoint
ALTER TABLE "n8n_routing_rules" DROP COLUMN "success_count";