CREATE TABLE "evaluation_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chatbot_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"question" text NOT NULL,
	"expected_answer" text,
	"expected_source_id" uuid,
	"should_decline" boolean DEFAULT false NOT NULL,
	"origin" text DEFAULT 'typed' NOT NULL,
	"source_message_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"question_id" uuid,
	"position" integer NOT NULL,
	"question" text NOT NULL,
	"expected_answer" text,
	"expected_source_id" uuid,
	"should_decline" boolean NOT NULL,
	"retrieval_hit" boolean,
	"expected_source_rank" integer,
	"answered" boolean,
	"answer" text,
	"answer_coverage" real,
	"is_correct" boolean,
	"retrieved_source_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cited_source_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"evaluated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "evaluation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chatbot_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"trigger" text NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"error" text,
	"retrieval_hits" integer DEFAULT 0 NOT NULL,
	"retrieval_checked" integer DEFAULT 0 NOT NULL,
	"answers_correct" integer DEFAULT 0 NOT NULL,
	"answers_checked" integer DEFAULT 0 NOT NULL,
	"declines_correct" integer DEFAULT 0 NOT NULL,
	"declines_checked" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "evaluation_questions" ADD CONSTRAINT "evaluation_questions_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_questions" ADD CONSTRAINT "evaluation_questions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_questions" ADD CONSTRAINT "evaluation_questions_source_message_id_messages_id_fk" FOREIGN KEY ("source_message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_questions" ADD CONSTRAINT "evaluation_questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_results" ADD CONSTRAINT "evaluation_results_run_id_evaluation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."evaluation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_results" ADD CONSTRAINT "evaluation_results_question_id_evaluation_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."evaluation_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_runs" ADD CONSTRAINT "evaluation_runs_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_runs" ADD CONSTRAINT "evaluation_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_runs" ADD CONSTRAINT "evaluation_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluation_questions_chatbot_idx" ON "evaluation_questions" USING btree ("chatbot_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_questions_source_message" ON "evaluation_questions" USING btree ("source_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_results_run_position" ON "evaluation_results" USING btree ("run_id","position");--> statement-breakpoint
CREATE INDEX "evaluation_results_question_idx" ON "evaluation_results" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "evaluation_runs_chatbot_idx" ON "evaluation_runs" USING btree ("chatbot_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_runs_one_queued" ON "evaluation_runs" USING btree ("chatbot_id") WHERE status = 'queued';