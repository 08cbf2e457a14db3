CREATE TABLE "payment_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text,
	"frozen_credits" integer NOT NULL,
	"outcome" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "payment_disputes_status_valid" CHECK ("payment_disputes"."status" in ('open', 'won', 'lost'))
);
--> statement-breakpoint
CREATE TABLE "payment_reversals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text,
	"credits" integer NOT NULL,
	"credits_taken" integer NOT NULL,
	"credits_owed" integer NOT NULL,
	"source" text NOT NULL,
	"admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reversals_kind_valid" CHECK ("payment_reversals"."kind" in ('refund', 'chargeback')),
	CONSTRAINT "payment_reversals_source_valid" CHECK ("payment_reversals"."source" in ('provider', 'recheck', 'admin', 'manual')),
	CONSTRAINT "payment_reversals_amounts_valid" CHECK ("payment_reversals"."amount_cents" > 0 and "payment_reversals"."credits" >= 0)
);
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_type_valid";--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "provider_transaction_id" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "reversed_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "refund_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "refunds_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "credits_owed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_disputes_provider_key" ON "payment_disputes" USING btree ("provider","provider_dispute_id");--> statement-breakpoint
CREATE INDEX "payment_disputes_order_idx" ON "payment_disputes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_disputes_opened_idx" ON "payment_disputes" USING btree ("opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reversals_provider_refund_key" ON "payment_reversals" USING btree ("provider","provider_refund_id");--> statement-breakpoint
CREATE INDEX "payment_reversals_order_idx" ON "payment_reversals" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_reversals_created_idx" ON "payment_reversals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_provider_payment_idx" ON "payment_orders" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payment_orders_provider_transaction_idx" ON "payment_orders" USING btree ("provider","provider_transaction_id");--> statement-breakpoint
CREATE INDEX "payment_orders_open_dispute_idx" ON "payment_orders" USING btree ("user_id") WHERE "payment_orders"."dispute_status" = 'open';--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_dispute_status_valid" CHECK ("payment_orders"."dispute_status" in ('open', 'won', 'lost'));--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_refunded_valid" CHECK ("payment_orders"."refunded_cents" >= 0 and "payment_orders"."reversed_credits" >= 0);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_type_valid" CHECK ("transactions"."type" in ('purchase', 'bonus', 'refund', 'usage', 'adjustment', 'reversal'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_credits_owed_non_negative" CHECK ("users"."credits_owed" >= 0);