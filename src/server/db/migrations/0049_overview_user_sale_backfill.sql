-- The admin overview's daily sign-ups and revenue (decision 0106) from the rows already there. The
-- triggers of migration 0048 were created first, in the same transaction, so no write falls between.
INSERT INTO "overview_user_days" ("day", "signup_method", "users")
SELECT ("created_at" AT TIME ZONE 'UTC')::date, coalesce("signup_method", ''), count(*)::integer
FROM "users" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "overview_sale_days" ("day", "provider", "currency", "orders", "amount")
SELECT ("completed_at" AT TIME ZONE 'UTC')::date, "provider", "currency", count(*)::integer, sum("amount")
FROM "payment_orders" WHERE "status" = 'completed' AND "completed_at" IS NOT NULL GROUP BY 1, 2, 3;
