CREATE TABLE "payment_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"package_id" uuid,
	"package_name" text NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text,
	"provider_payment_id" text,
	"amount" numeric(10, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"credits" integer NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_orders_provider_valid" CHECK ("payment_orders"."provider" in ('creem', 'paypal')),
	CONSTRAINT "payment_orders_status_valid" CHECK ("payment_orders"."status" in ('created', 'pending', 'completed', 'failed')),
	CONSTRAINT "payment_orders_credits_positive" CHECK ("payment_orders"."credits" > 0)
);
--> statement-breakpoint
ALTER TABLE "credit_packages" ADD COLUMN "popular" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_packages" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "credit_packages" ADD COLUMN "bonus" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "payment_order_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_package_id_credit_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."credit_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_provider_order_idx" ON "payment_orders" USING btree ("provider","provider_order_id");--> statement-breakpoint
CREATE INDEX "payment_orders_user_idx" ON "payment_orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_orders_pending_idx" ON "payment_orders" USING btree ("provider","updated_at") WHERE "payment_orders"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_order_id_payment_orders_id_fk" FOREIGN KEY ("payment_order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_purchase_per_order" ON "transactions" USING btree ("payment_order_id") WHERE "transactions"."type" = 'purchase';--> statement-breakpoint
ALTER TABLE "credit_packages" ADD CONSTRAINT "credit_packages_price_positive" CHECK ("credit_packages"."price" > 0);