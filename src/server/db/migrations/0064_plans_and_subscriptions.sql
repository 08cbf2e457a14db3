CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"monthly_price" numeric(10, 2),
	"yearly_price" numeric(10, 2),
	"credits_per_month" integer NOT NULL,
	"yearly_grant" text DEFAULT 'monthly' NOT NULL,
	"rollover_cap" integer DEFAULT 0 NOT NULL,
	"perks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"creem_product_monthly" text,
	"creem_product_yearly" text,
	"paypal_product_id" text,
	"paypal_plan_monthly" text,
	"paypal_plan_yearly" text,
	"paypal_plan_prices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_credits_positive" CHECK ("plans"."credits_per_month" > 0),
	CONSTRAINT "plans_rollover_valid" CHECK ("plans"."rollover_cap" >= 0),
	CONSTRAINT "plans_yearly_grant_valid" CHECK ("plans"."yearly_grant" in ('monthly', 'upfront')),
	CONSTRAINT "plans_has_a_price" CHECK ("plans"."monthly_price" is not null or "plans"."yearly_price" is not null),
	CONSTRAINT "plans_prices_positive" CHECK (coalesce("plans"."monthly_price", 1) > 0 and coalesce("plans"."yearly_price", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"interval" text NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text,
	"provider_plan_ref" text,
	"provider_customer_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"plan_name" text NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"credits_per_month" integer NOT NULL,
	"yearly_grant" text DEFAULT 'monthly' NOT NULL,
	"rollover_cap" integer DEFAULT 0 NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"past_due_since" timestamp with time zone,
	"scheduled_plan_id" uuid,
	"scheduled_interval" text,
	"last_event_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_interval_valid" CHECK ("subscriptions"."interval" in ('month', 'year')),
	CONSTRAINT "subscriptions_provider_valid" CHECK ("subscriptions"."provider" in ('creem', 'paypal')),
	CONSTRAINT "subscriptions_status_valid" CHECK ("subscriptions"."status" in ('pending', 'active', 'past_due', 'paused', 'ended')),
	CONSTRAINT "subscriptions_yearly_grant_valid" CHECK ("subscriptions"."yearly_grant" in ('monthly', 'upfront'))
);
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_type_valid";--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "period_key" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_scheduled_plan_id_plans_id_fk" FOREIGN KEY ("scheduled_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_key" ON "subscriptions" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_per_user" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" in ('active', 'past_due', 'paused');--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "subscriptions_status_idx" ON "subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_period_key_idx" ON "payment_orders" USING btree ("provider","period_key");--> statement-breakpoint
CREATE INDEX "payment_orders_subscription_idx" ON "payment_orders" USING btree ("subscription_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_rollover_per_lot" ON "transactions" USING btree ("lot_id") WHERE "transactions"."type" = 'rollover';--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_grant_per_period" ON "transactions" USING btree ("payment_order_id","expires_at") WHERE "transactions"."type" = 'subscription';--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_type_valid" CHECK ("transactions"."type" in ('purchase', 'bonus', 'refund', 'usage', 'adjustment', 'reversal', 'expiry', 'subscription', 'rollover'));