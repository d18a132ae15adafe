CREATE TABLE "chunk_term_counts" (
	"chatbot_id" uuid NOT NULL,
	"term" text COLLATE "C" NOT NULL,
	"chunks" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chunk_term_counts" ADD CONSTRAINT "chunk_term_counts_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chunk_term_counts_chatbot_term_idx" ON "chunk_term_counts" USING btree ("chatbot_id","term");--> statement-breakpoint
-- Each statement that stores or removes chunks adds one row per chatbot and term: +n for the chunks it stored that
-- hold the term, -n for those it removed. Inserting only, writers never wait for one another (ingestion stores a
-- document's chunks in several statements of one transaction; upserting shared counters there could deadlock two
-- documents of one chatbot). A term's count is the sum of its rows; compactTermCounts folds them.
CREATE FUNCTION parley_count_chunk_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- Not for a chatbot being deleted (the chunks go by its cascade): its counts go by theirs.
    INSERT INTO chunk_term_counts (chatbot_id, term, chunks)
    SELECT o.chatbot_id, term, -count(*)::int
      FROM old_rows o JOIN chatbots b ON b.id = o.chatbot_id, unnest(tsvector_to_array(o.search_vector)) AS term
     GROUP BY o.chatbot_id, term;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO chunk_term_counts (chatbot_id, term, chunks)
    SELECT chatbot_id, term, count(*)::int
      FROM new_rows, unnest(tsvector_to_array(search_vector)) AS term
     GROUP BY chatbot_id, term;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER document_chunks_count_terms_insert AFTER INSERT ON "document_chunks"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parley_count_chunk_terms();
--> statement-breakpoint
CREATE TRIGGER document_chunks_count_terms_update AFTER UPDATE ON "document_chunks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parley_count_chunk_terms();
--> statement-breakpoint
CREATE TRIGGER document_chunks_count_terms_delete AFTER DELETE ON "document_chunks"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION parley_count_chunk_terms();
--> statement-breakpoint
-- Chunks stored before this migration.
INSERT INTO chunk_term_counts (chatbot_id, term, chunks)
SELECT chatbot_id, term, count(*)::int
  FROM document_chunks, unnest(tsvector_to_array(search_vector)) AS term
 GROUP BY chatbot_id, term;
