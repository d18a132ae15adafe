-- BM25 full text (decisions §91). A chunk's words are stemmed the snowball 'english' way (PGlite ships it as
-- PostgreSQL does), and each chunk keeps its length in words (repeats included) beside them.
CREATE FUNCTION parley_tsvector_length(vector tsvector) RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(sum(coalesce(array_length(positions, 1), 1)), 0)::int FROM unnest(vector)
$$;
--> statement-breakpoint
ALTER TABLE "document_chunks" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, content)) STORED;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "search_length" integer GENERATED ALWAYS AS (parley_tsvector_length(to_tsvector('english'::regconfig, content))) STORED;--> statement-breakpoint
CREATE INDEX "document_chunks_search_idx" ON "document_chunks" USING gin ("search_vector");--> statement-breakpoint
-- Besides a row per lexeme, each statement adds the chatbot's totals under names no lexeme has (a leading space):
-- ' chunks' (+1 per chunk stored, -1 per chunk removed) and ' length' (their search_length), BM25's collection size
-- and average chunk length, summed and folded like the lexemes' rows (compactTermCounts).
CREATE OR REPLACE FUNCTION parley_count_chunk_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- Not for a chatbot being deleted (the chunks go by its cascade): its counts go by theirs.
    INSERT INTO chunk_term_counts (chatbot_id, term, chunks)
    SELECT o.chatbot_id, term, -count(*)::int
      FROM old_rows o JOIN chatbots b ON b.id = o.chatbot_id, unnest(tsvector_to_array(o.search_vector)) AS term
     GROUP BY o.chatbot_id, term;
    INSERT INTO chunk_term_counts (chatbot_id, term, chunks)
    SELECT o.chatbot_id, totals.term, totals.chunks
      FROM (SELECT chatbot_id, -count(*)::int AS n, -sum(search_length)::int AS length FROM old_rows GROUP BY chatbot_id) o
      JOIN chatbots b ON b.id = o.chatbot_id,
      LATERAL (VALUES (' chunks', o.n), (' length', o.length)) AS totals(term, chunks);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO chunk_term_counts (chatbot_id, term, chunks)
    SELECT chatbot_id, term, count(*)::int
      FROM new_rows, unnest(tsvector_to_array(search_vector)) AS term
     GROUP BY chatbot_id, term;
    INSERT INTO chunk_term_counts (chatbot_id, term, chunks)
    SELECT n.chatbot_id, totals.term, totals.chunks
      FROM (SELECT chatbot_id, count(*)::int AS n, sum(search_length)::int AS length FROM new_rows GROUP BY chatbot_id) n,
      LATERAL (VALUES (' chunks', n.n), (' length', n.length)) AS totals(term, chunks);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The counts of the chunks stored before, from their new lexemes.
DELETE FROM chunk_term_counts;--> statement-breakpoint
INSERT INTO chunk_term_counts (chatbot_id, term, chunks)
SELECT chatbot_id, term, count(*)::int
  FROM document_chunks, unnest(tsvector_to_array(search_vector)) AS term
 GROUP BY chatbot_id, term;--> statement-breakpoint
INSERT INTO chunk_term_counts (chatbot_id, term, chunks)
SELECT chatbot_id, totals.term, totals.chunks
  FROM (SELECT chatbot_id, count(*)::int AS n, sum(search_length)::int AS length FROM document_chunks GROUP BY chatbot_id) c,
  LATERAL (VALUES (' chunks', c.n), (' length', c.length)) AS totals(term, chunks);
