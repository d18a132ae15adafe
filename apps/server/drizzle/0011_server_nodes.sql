CREATE TABLE "server_nodes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"hostname" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "server_nodes_last_seen_at_idx" ON "server_nodes" USING btree ("last_seen_at");