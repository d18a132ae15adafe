ALTER TABLE "csp_violations" DROP CONSTRAINT "csp_violations_key";--> statement-breakpoint
ALTER TABLE "csp_violations" ADD COLUMN "report_key" text GENERATED ALWAYS AS (md5(violated_directive || chr(10) || document_uri || chr(10) || blocked_uri)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "csp_violations_last_seen_at_idx" ON "csp_violations" USING btree ("last_seen_at");--> statement-breakpoint
ALTER TABLE "csp_violations" ADD CONSTRAINT "csp_violations_report_key" UNIQUE("report_key");