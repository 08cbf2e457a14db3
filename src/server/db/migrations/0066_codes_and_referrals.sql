CREATE TABLE "promo_code_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"client_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_code_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"person_id" uuid,
	"status" text NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"transaction_id" uuid,
	"order_id" uuid,
	"subscription_id" uuid,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"via" text DEFAULT 'web' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_code_redemptions_status_valid" CHECK ("promo_code_redemptions"."status" in ('granted', 'reserved', 'paid', 'released')),
	CONSTRAINT "promo_code_redemptions_via_valid" CHECK ("promo_code_redemptions"."via" in ('web', 'api'))
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"label" text,
	"batch_id" uuid,
	"credits" integer,
	"credit_days" integer,
	"percent_off" integer,
	"amount_off_cents" integer,
	"package_ids" uuid[],
	"plan_ids" uuid[],
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"once_per_person" boolean DEFAULT true NOT NULL,
	"first_purchase_only" boolean DEFAULT false NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_kind_valid" CHECK ("promo_codes"."kind" in ('grant', 'discount')),
	CONSTRAINT "promo_codes_grant_valid" CHECK ("promo_codes"."kind" <> 'grant' or ("promo_codes"."credits" between 1 and 10000000 and coalesce("promo_codes"."credit_days", 1) between 1 and 3650)),
	CONSTRAINT "promo_codes_discount_valid" CHECK ("promo_codes"."kind" <> 'discount' or (coalesce("promo_codes"."percent_off" between 1 and 100, false) <> coalesce("promo_codes"."amount_off_cents" >= 1, false))),
	CONSTRAINT "promo_codes_uses_valid" CHECK ("promo_codes"."uses" >= 0 and coalesce("promo_codes"."max_uses", 1) >= 1)
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"referrer_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"paid_cents" integer NOT NULL,
	"credits" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"transaction_id" uuid,
	"reversed_credits" integer DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rewards_status_valid" CHECK ("referral_rewards"."status" in ('held', 'granted', 'cancelled', 'reversed')),
	CONSTRAINT "referral_rewards_credits_valid" CHECK ("referral_rewards"."credits" >= 0 and "referral_rewards"."paid_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"referee_id" uuid NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	"network" text,
	"status" text DEFAULT 'joined' NOT NULL,
	"refused_reason" text,
	"bonus_credits" integer DEFAULT 0 NOT NULL,
	"bonus_transaction_id" uuid,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_status_valid" CHECK ("referrals"."status" in ('joined', 'verified', 'refused')),
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."referrer_id" <> "referrals"."referee_id")
);
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_type_valid";--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "codes_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "referral_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "referral_referee_credits" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "referral_referee_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "referral_share_percent" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "referral_months" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "referral_cap_credits" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "referral_hold_hours" integer DEFAULT 168 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "referral_attribution_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "promo_code_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "list_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "payer_key" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "promo_code_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "promo_code_failures" ADD CONSTRAINT "promo_code_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_code_id_promo_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referee_id_users_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_bonus_transaction_id_transactions_id_fk" FOREIGN KEY ("bonus_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_code_failures_user_idx" ON "promo_code_failures" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "promo_code_failures_address_idx" ON "promo_code_failures" USING btree ("client_address","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_redemptions_once_per_person" ON "promo_code_redemptions" USING btree ("code_id","person_id") WHERE "promo_code_redemptions"."status" <> 'released';--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_redemptions_order_key" ON "promo_code_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_redemptions_subscription_key" ON "promo_code_redemptions" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "promo_code_redemptions_code_idx" ON "promo_code_redemptions" USING btree ("code_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "promo_code_redemptions_user_idx" ON "promo_code_redemptions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promo_codes_created_idx" ON "promo_codes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "promo_codes_batch_idx" ON "promo_codes" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_one_per_order" ON "referral_rewards" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "referral_rewards_referral_idx" ON "referral_rewards" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer_idx" ON "referral_rewards" USING btree ("referrer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referral_rewards_due_idx" ON "referral_rewards" USING btree ("release_at") WHERE "referral_rewards"."status" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_one_per_referee" ON "referrals" USING btree ("referee_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_created_idx" ON "referrals" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referral_code_unique" UNIQUE("referral_code");--> statement-breakpoint
ALTER TABLE "admin_settings" ADD CONSTRAINT "admin_settings_referral_valid" CHECK ("admin_settings"."referral_referee_credits" between 0 and 100000 and "admin_settings"."referral_referee_days" between 1 and 365
        and "admin_settings"."referral_share_percent" between 0 and 100 and "admin_settings"."referral_months" between 1 and 120
        and "admin_settings"."referral_cap_credits" between 0 and 10000000 and "admin_settings"."referral_hold_hours" between 24 and 8760
        and "admin_settings"."referral_attribution_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_type_valid" CHECK ("transactions"."type" in ('purchase', 'bonus', 'refund', 'usage', 'adjustment', 'reversal', 'expiry', 'subscription', 'rollover', 'welcome', 'code', 'referral'));