CREATE TABLE "chunk_term_counts" (
	"chatbot_id" uuid NOT NULL,
	"term" text COLLATE "C" NOT NULL,
	"chunks" integer NOT NULL,
	CONSTRAINT "chunk_term_counts_chatbot_id_term_pk" PRIMARY KEY("chatbot_id","term")
);
--> statement-breakpoint
ALTER TABLE "chunk_term_counts" ADD CONSTRAINT "chunk_term_counts_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by PostgreSQL as chunks come and go (inserts, deletes, cascades from a deleted source or chatbot), once
-- per statement: a batch of 500 chunks is one upsert of its distinct terms, in key order so that two batches of
-- one chatbot lock the rows they share in the same order. A term no chunk holds any more is removed.
CREATE FUNCTION parley_count_chunk_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    WITH gone AS (
      SELECT chatbot_id, term, count(*)::int AS chunks
        FROM old_rows, unnest(tsvector_to_array(search_vector)) AS term
       GROUP BY chatbot_id, term
    ), emptied AS (
      DELETE FROM chunk_term_counts c USING gone
       WHERE c.chatbot_id = gone.chatbot_id AND c.term = gone.term AND c.chunks <= gone.chunks
    )
    UPDATE chunk_term_counts c SET chunks = c.chunks - gone.chunks
      FROM gone
     WHERE c.chatbot_id = gone.chatbot_id AND c.term = gone.term AND c.chunks > gone.chunks;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO chunk_term_counts (chatbot_id, term, chunks)
    SELECT chatbot_id, term, count(*)::int
      FROM new_rows, unnest(tsvector_to_array(search_vector)) AS term
     GROUP BY chatbot_id, term
     ORDER BY chatbot_id, term
        ON CONFLICT (chatbot_id, term) DO UPDATE SET chunks = chunk_term_counts.chunks + excluded.chunks;
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
