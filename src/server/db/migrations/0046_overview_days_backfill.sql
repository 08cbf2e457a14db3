-- The admin overview's daily figures (decision 0106) from the rows already there. The triggers of
-- migration 0045 were created first, in the same transaction, so no write falls between the two.
INSERT INTO "overview_video_days" ("day", "model", "status", "refunded", "failure_kind", "videos")
SELECT ("created_at" AT TIME ZONE 'UTC')::date, "model", "status", "refunded", coalesce("failure_kind", ''), count(*)::integer
FROM "video_tasks" GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO "overview_video_times" ("day", "kind", "bucket", "videos")
SELECT "day", "kind", "bucket", count(*)::integer FROM (
  SELECT ("created_at" AT TIME ZONE 'UTC')::date AS "day", 'video' AS "kind",
    floor(ln(greatest(extract(epoch FROM "completed_at" - "created_at"), 0.001)) * 100)::integer AS "bucket"
  FROM "video_tasks" WHERE "status" = 'completed' AND "completed_at" IS NOT NULL
  UNION ALL
  SELECT ("created_at" AT TIME ZONE 'UTC')::date, '1080p',
    floor(ln(greatest(extract(epoch FROM "hd_ready_at" - "created_at"), 0.001)) * 100)::integer
  FROM "video_tasks" WHERE "hd_ready_at" IS NOT NULL
) AS "times" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "overview_credit_days" ("day", "type", "positive", "amount")
SELECT ("created_at" AT TIME ZONE 'UTC')::date, "type", "amount" > 0, sum("amount")
FROM "transactions" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "overview_video_costs" ("day", "model", "vendor", "duration_seconds", "resolution", "audio", "videos", "credits", "uhd", "reported", "reported_cost")
SELECT ("created_at" AT TIME ZONE 'UTC')::date, "model", "vendor", "duration_seconds", "resolution", "audio", count(*)::integer,
  sum("credits_used" + CASE WHEN "uhd_status" = 'ready' THEN "uhd_credits" ELSE 0 END),
  count(*) FILTER (WHERE "uhd_status" = 'ready')::integer, count("vendor_cost")::integer, coalesce(sum("vendor_cost"), 0)
FROM "video_tasks" WHERE "status" = 'completed' AND NOT "refunded"
GROUP BY 1, 2, 3, 4, 5, 6;
