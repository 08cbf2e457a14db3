-- Made from src/server/db/functions/veo_overview_video_days.sql, src/server/db/functions/veo_overview_credit_days.sql by npm run db:function-migration (decision 0066).
CREATE OR REPLACE FUNCTION "veo_overview_video_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v "video_tasks";
  delta integer;
  v_day date;
  v_slot smallint := pg_backend_pid() % 8;
BEGIN
  FOREACH delta IN ARRAY CASE TG_OP WHEN 'INSERT' THEN ARRAY[1] WHEN 'DELETE' THEN ARRAY[-1] ELSE ARRAY[-1, 1] END LOOP
    IF delta < 0 THEN v := OLD; ELSE v := NEW; END IF;
    v_day := (v."created_at" AT TIME ZONE 'UTC')::date;
    INSERT INTO "overview_video_days" AS d ("day", "model", "status", "refunded", "failure_kind", "slot", "videos")
      VALUES (v_day, v."model", v."status", v."refunded", coalesce(v."failure_kind", ''), v_slot, delta)
      ON CONFLICT ("day", "model", "status", "refunded", "failure_kind", "slot") DO UPDATE SET "videos" = d."videos" + delta;
    IF v."status" = 'completed' AND v."completed_at" IS NOT NULL THEN
      INSERT INTO "overview_video_times" AS t ("day", "kind", "bucket", "slot", "videos")
        VALUES (v_day, 'video', floor(ln(greatest(extract(epoch FROM v."completed_at" - v."created_at"), 0.001)) * 100)::integer, v_slot, delta)
        ON CONFLICT ("day", "kind", "bucket", "slot") DO UPDATE SET "videos" = t."videos" + delta;
    END IF;
    IF v."status" = 'completed' AND NOT v."refunded" THEN
      INSERT INTO "overview_video_costs" AS c ("day", "model", "vendor", "duration_seconds", "resolution", "audio", "slot", "videos", "credits", "uhd", "reported", "reported_cost")
        VALUES (v_day, v."model", v."vendor", v."duration_seconds", v."resolution", v."audio", v_slot, delta,
          delta * (v."credits_used" + CASE WHEN v."uhd_status" = 'ready' THEN v."uhd_credits" ELSE 0 END),
          CASE WHEN v."uhd_status" = 'ready' THEN delta ELSE 0 END,
          CASE WHEN v."vendor_cost" IS NOT NULL THEN delta ELSE 0 END,
          delta * coalesce(v."vendor_cost", 0))
        ON CONFLICT ON CONSTRAINT "overview_video_costs_key" DO UPDATE SET
          "videos" = c."videos" + EXCLUDED."videos", "credits" = c."credits" + EXCLUDED."credits", "uhd" = c."uhd" + EXCLUDED."uhd",
          "reported" = c."reported" + EXCLUDED."reported", "reported_cost" = c."reported_cost" + EXCLUDED."reported_cost";
    END IF;
    IF v."hd_ready_at" IS NOT NULL THEN
      INSERT INTO "overview_video_times" AS t ("day", "kind", "bucket", "slot", "videos")
        VALUES (v_day, '1080p', floor(ln(greatest(extract(epoch FROM v."hd_ready_at" - v."created_at"), 0.001)) * 100)::integer, v_slot, delta)
        ON CONFLICT ("day", "kind", "bucket", "slot") DO UPDATE SET "videos" = t."videos" + delta;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "video_tasks_overview_days" AFTER INSERT OR DELETE ON "video_tasks" FOR EACH ROW EXECUTE FUNCTION "veo_overview_video_days"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "video_tasks_overview_days_update" AFTER UPDATE ON "video_tasks" FOR EACH ROW WHEN ((OLD."created_at", OLD."model", OLD."status", OLD."refunded", OLD."failure_kind", OLD."completed_at", OLD."hd_ready_at", OLD."vendor", OLD."duration_seconds", OLD."resolution", OLD."audio", OLD."credits_used", OLD."uhd_status", OLD."uhd_credits", OLD."vendor_cost") IS DISTINCT FROM (NEW."created_at", NEW."model", NEW."status", NEW."refunded", NEW."failure_kind", NEW."completed_at", NEW."hd_ready_at", NEW."vendor", NEW."duration_seconds", NEW."resolution", NEW."audio", NEW."credits_used", NEW."uhd_status", NEW."uhd_credits", NEW."vendor_cost")) EXECUTE FUNCTION "veo_overview_video_days"();
--> statement-breakpoint
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
