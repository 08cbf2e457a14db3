-- Keeps the admin overview's daily credit figures (decision 0106): overview_credit_days sums every
-- transactions row's amount by UTC day of created_at, type and sign. A changed or deleted row's old
-- amount is taken out and its new one put in. Each amount goes to the writing connection's slot
-- (its backend pid modulo 8, decision 0110): readers sum the slots.
-- The live definition. Change it here, then make its migration from this file:
-- `npm run db:function-migration -- veo_overview_credit_days` (docs/ARCHITECTURE.md).
CREATE OR REPLACE FUNCTION "veo_overview_credit_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "overview_credit_days" AS d ("day", "type", "positive", "slot", "amount")
      VALUES ((OLD."created_at" AT TIME ZONE 'UTC')::date, OLD."type", OLD."amount" > 0, pg_backend_pid() % 8, -OLD."amount")
      ON CONFLICT ("day", "type", "positive", "slot") DO UPDATE SET "amount" = d."amount" - OLD."amount";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "overview_credit_days" AS d ("day", "type", "positive", "slot", "amount")
      VALUES ((NEW."created_at" AT TIME ZONE 'UTC')::date, NEW."type", NEW."amount" > 0, pg_backend_pid() % 8, NEW."amount")
      ON CONFLICT ("day", "type", "positive", "slot") DO UPDATE SET "amount" = d."amount" + NEW."amount";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "transactions_overview_days" AFTER INSERT OR DELETE ON "transactions" FOR EACH ROW EXECUTE FUNCTION "veo_overview_credit_days"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "transactions_overview_days_update" AFTER UPDATE ON "transactions" FOR EACH ROW WHEN (OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."type" IS DISTINCT FROM NEW."type" OR OLD."amount" IS DISTINCT FROM NEW."amount") EXECUTE FUNCTION "veo_overview_credit_days"();
