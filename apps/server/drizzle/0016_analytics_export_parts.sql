CREATE TABLE "analytics_export_parts" (
	"export_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"content" text NOT NULL,
	CONSTRAINT "analytics_export_parts_export_id_part_pk" PRIMARY KEY("export_id","part")
);
--> statement-breakpoint
ALTER TABLE "analytics_export_parts" ADD CONSTRAINT "analytics_export_parts_export_id_analytics_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."analytics_exports"("id") ON DELETE cascade ON UPDATE no action;