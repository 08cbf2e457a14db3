-- Keeps the admin overview's daily revenue (decision 0106): overview_sale_days counts the
-- completed payment_orders rows and sums their amount by UTC day of completed_at, provider and
-- currency. An order that completes, is changed or deleted has its old figures taken out and its
-- new ones put in.
-- The live definition. Change it here, then make its migration from this file:
-- `npm run db:function-migration -- veo_overview_sale_days` (docs/ARCHITECTURE.md).
CREATE OR REPLACE FUNCTION "veo_overview_sale_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'completed' AND OLD."completed_at" IS NOT NULL THEN
    INSERT INTO "overview_sale_days" AS d ("day", "provider", "currency", "orders", "amount")
      VALUES ((OLD."completed_at" AT TIME ZONE 'UTC')::date, OLD."provider", OLD."currency", -1, -OLD."amount")
      ON CONFLICT ("day", "provider", "currency") DO UPDATE SET "orders" = d."orders" - 1, "amount" = d."amount" - OLD."amount";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" = 'completed' AND NEW."completed_at" IS NOT NULL THEN
    INSERT INTO "overview_sale_days" AS d ("day", "provider", "currency", "orders", "amount")
      VALUES ((NEW."completed_at" AT TIME ZONE 'UTC')::date, NEW."provider", NEW."currency", 1, NEW."amount")
      ON CONFLICT ("day", "provider", "currency") DO UPDATE SET "orders" = d."orders" + 1, "amount" = d."amount" + NEW."amount";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "payment_orders_overview_days" AFTER INSERT OR DELETE ON "payment_orders" FOR EACH ROW EXECUTE FUNCTION "veo_overview_sale_days"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "payment_orders_overview_days_update" AFTER UPDATE ON "payment_orders" FOR EACH ROW WHEN ((OLD."status", OLD."completed_at", OLD."provider", OLD."currency", OLD."amount") IS DISTINCT FROM (NEW."status", NEW."completed_at", NEW."provider", NEW."currency", NEW."amount")) EXECUTE FUNCTION "veo_overview_sale_days"();
