ALTER TABLE "transactions" DROP CONSTRAINT "transactions_type_valid";--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "credit_value_usd" numeric(10, 4);--> statement-breakpoint
ALTER TABLE "credit_packages" ADD COLUMN "bonus_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "bonus_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_bonus_per_order" ON "transactions" USING btree ("payment_order_id") WHERE "transactions"."type" = 'bonus';--> statement-breakpoint
ALTER TABLE "admin_settings" ADD CONSTRAINT "admin_settings_credit_value_positive" CHECK ("admin_settings"."credit_value_usd" > 0);--> statement-breakpoint
ALTER TABLE "credit_packages" ADD CONSTRAINT "credit_packages_bonus_credits_valid" CHECK ("credit_packages"."bonus_credits" >= 0);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_type_valid" CHECK ("transactions"."type" in ('purchase', 'bonus', 'refund', 'usage', 'adjustment'));