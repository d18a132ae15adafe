-- The order token ledger rows were written in, for rows of one clock tick (PGlite's clock ticks in milliseconds):
-- the history and its running balances order by created_at, then this.
ALTER TABLE "token_credits" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
-- The rows already there are numbered in the order they were listed in (created_at, then id).
WITH ordered AS (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM "token_credits")
UPDATE "token_credits" t SET "seq" = o.n FROM ordered o WHERE t.id = o.id;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('token_credits', 'seq'), coalesce((SELECT max("seq") FROM "token_credits"), 0) + 1, false);
