-- Every node keeps the passages of questions asked again (rag/retrieval-cache.ts) and drops them when a chatbot's
-- knowledge changes on any node: its chunks, and what retrieval reads of their sources. Announced at commit on the
-- read cache's channel like the other cached tables (0030_read_cache_invalidation.sql). One notification a statement:
-- a bulk insert of a document's chunks is one, not one per chunk.
CREATE TRIGGER document_chunks_notify_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "document_chunks"
  FOR EACH STATEMENT EXECUTE FUNCTION parley_notify_read_cache();
--> statement-breakpoint
-- A passage carries its source's name, and a source claiming its chunks (chunks_write_id, set as it is made ready)
-- is what shows chunks written in steps on the embedded database (rag/chunk-writes.ts). Processing writes a source's
-- status and progress many times a document; retrieval reads neither, so those updates are not announced.
CREATE TRIGGER knowledge_sources_notify_read_cache AFTER INSERT OR UPDATE OF name, chunks_write_id OR DELETE OR TRUNCATE ON "knowledge_sources"
  FOR EACH STATEMENT EXECUTE FUNCTION parley_notify_read_cache();
