-- Made from src/server/db/functions/veo_overview_user_days.sql, src/server/db/functions/veo_overview_sale_days.sql by npm run db:function-migration (decision 0066).
CREATE OR REPLACE FUNCTION "veo_overview_user_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "overview_user_days" AS d ("day", "signup_method", "users")
      VALUES ((OLD."created_at" AT TIME ZONE 'UTC')::date, coalesce(OLD."signup_method", ''), -1)
      ON CONFLICT ("day", "signup_method") DO UPDATE SET "users" = d."users" - 1;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "overview_user_days" AS d ("day", "signup_method", "users")
      VALUES ((NEW."created_at" AT TIME ZONE 'UTC')::date, coalesce(NEW."signup_method", ''), 1)
      ON CONFLICT ("day", "signup_method") DO UPDATE SET "users" = d."users" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "users_overview_days" AFTER INSERT OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "veo_overview_user_days"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "users_overview_days_update" AFTER UPDATE ON "users" FOR EACH ROW WHEN ((OLD."created_at", OLD."signup_method") IS DISTINCT FROM (NEW."created_at", NEW."signup_method")) EXECUTE FUNCTION "veo_overview_user_days"();
--> statement-breakpoint
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
