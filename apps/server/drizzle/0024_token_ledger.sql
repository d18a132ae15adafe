-- One token ledger (decisions: "One token ledger"). The month's metered tokens of each organization, kept by a trigger
-- on usage_ledger, so the metering transaction reads its exact total under the row's lock and takes exactly the
-- tokens used past the monthly allowance from the token balance.
CREATE TABLE "organization_usage_months" (
	"organization_id" uuid NOT NULL,
	"period" text NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "organization_usage_months_pk" PRIMARY KEY("organization_id","period")
);
--> statement-breakpoint
ALTER TABLE "organization_usage_months" ADD CONSTRAINT "organization_usage_months_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Added rows upsert their month's counter (a metering statement is one organization's, so one row is locked);
-- removed rows only lower an existing counter: an organization being deleted takes its counters with it.
CREATE FUNCTION parley_count_usage_months() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE organization_usage_months m
       SET tokens = m.tokens - o.tokens
      FROM (SELECT organization_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS period, sum(tokens)::bigint AS tokens
              FROM old_rows GROUP BY 1, 2) o
     WHERE m.organization_id = o.organization_id AND m.period = o.period;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO organization_usage_months (organization_id, period, tokens)
    SELECT organization_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM'), sum(tokens)::bigint
      FROM new_rows GROUP BY 1, 2
    ON CONFLICT (organization_id, period) DO UPDATE SET tokens = organization_usage_months.tokens + excluded.tokens;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER usage_ledger_count_months_insert AFTER INSERT ON "usage_ledger"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parley_count_usage_months();
--> statement-breakpoint
CREATE TRIGGER usage_ledger_count_months_update AFTER UPDATE ON "usage_ledger"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parley_count_usage_months();
--> statement-breakpoint
CREATE TRIGGER usage_ledger_count_months_delete AFTER DELETE ON "usage_ledger"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION parley_count_usage_months();
--> statement-breakpoint
INSERT INTO organization_usage_months (organization_id, period, tokens)
SELECT organization_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM'), sum(tokens)::bigint
  FROM usage_ledger GROUP BY 1, 2;
--> statement-breakpoint
-- Which source a document's metered tokens were for; what the source was charged, by which rule.
ALTER TABLE "usage_ledger" ADD COLUMN "source_id" uuid;--> statement-breakpoint
ALTER TABLE "usage_ledger" ADD CONSTRAINT "usage_ledger_source_id_knowledge_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_ledger_source_idx" ON "usage_ledger" USING btree ("source_id");--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD COLUMN "billed_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD COLUMN "billed_characters" integer;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD COLUMN "billed_tokens_per_character" double precision;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD COLUMN "billed_multiplier" double precision;--> statement-breakpoint
-- A line of the token balance history can say what it was for (a document's name, a package's).
ALTER TABLE "token_credits" ADD COLUMN "detail" text;--> statement-breakpoint
-- Credits used in closed months that were never settled, then this month's use past the allowance so far: the
-- balance after this migration is what the lazy settlement would have given, and from now on each use past the
-- allowance is written when it happens (reason overage_taken).
DO $$
DECLARE
  org record;
  month date;
  this_month date := date_trunc('month', now() AT TIME ZONE 'UTC')::date;
  balance bigint;
  used bigint;
  allowance integer;
  taken bigint;
BEGIN
  FOR org IN
    SELECT c.organization_id, min(c.created_at) AS first_at FROM token_credits c GROUP BY c.organization_id
  LOOP
    SELECT coalesce(
      (SELECT t.monthly_token_limit FROM organizations o JOIN subscription_tier_limits t ON t.tier = o.tier AND t.is_active
        WHERE o.id = org.organization_id),
      (SELECT t.monthly_token_limit FROM subscription_tier_limits t WHERE t.tier = 'free'), -1) INTO allowance;
    month := date_trunc('month', org.first_at AT TIME ZONE 'UTC')::date;
    WHILE month <= this_month LOOP
      IF NOT EXISTS (SELECT 1 FROM token_credits WHERE reference = 'usage:' || org.organization_id || ':' || to_char(month, 'YYYY-MM')) THEN
        SELECT coalesce(sum(tokens), 0) INTO balance FROM token_credits
         WHERE organization_id = org.organization_id AND created_at < ((month + interval '1 month') AT TIME ZONE 'UTC');
        SELECT coalesce(sum(tokens), 0) INTO used FROM usage_ledger
         WHERE organization_id = org.organization_id
           AND created_at >= (month::timestamp AT TIME ZONE 'UTC') AND created_at < ((month + interval '1 month') AT TIME ZONE 'UTC');
        taken := CASE WHEN allowance = -1 OR balance <= 0 THEN 0 ELSE least(balance, greatest(0, used - allowance)) END;
        IF month < this_month THEN
          INSERT INTO token_credits (organization_id, tokens, reason, reference, created_at)
          VALUES (org.organization_id, -taken, 'usage', 'usage:' || org.organization_id || ':' || to_char(month, 'YYYY-MM'),
                  ((month + interval '1 month') AT TIME ZONE 'UTC') - interval '1 millisecond');
        ELSIF taken > 0 THEN
          INSERT INTO token_credits (organization_id, tokens, reason, reference, detail)
          VALUES (org.organization_id, -taken, 'overage_taken', 'overage:settled:' || org.organization_id || ':' || to_char(month, 'YYYY-MM'),
                  'Use past the monthly allowance before the ledger');
        END IF;
      END IF;
      month := (month + interval '1 month')::date;
    END LOOP;
  END LOOP;
END
$$;
