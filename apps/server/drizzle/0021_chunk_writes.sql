DROP INDEX "document_chunks_source_position";--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "write_id" uuid;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD COLUMN "chunks_write_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "document_chunks_source_write_position" ON "document_chunks" USING btree ("source_id","write_id","chunk_index");