-- Keeps the admin overview's daily sign-ups (decision 0106): overview_user_days counts every users
-- row by UTC day of created_at and signup_method. A changed or deleted row's old figure is taken
-- out and its new one put in.
-- The live definition. Change it here, then make its migration from this file:
-- `npm run db:function-migration -- veo_overview_user_days` (docs/ARCHITECTURE.md).
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
