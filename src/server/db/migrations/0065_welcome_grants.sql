CREATE TABLE "welcome_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"address_hash" text NOT NULL,
	"user_id" uuid,
	"client_address" text NOT NULL,
	"network" text NOT NULL,
	"credits" integer NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "welcome_grants_outcome_valid" CHECK ("welcome_grants"."outcome" in ('granted', 'address_limit', 'network_limit'))
);
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_type_valid";--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "welcome_grant_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "welcome_grant_credits" integer;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "welcome_grant_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "welcome_grants_per_address" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "welcome_grants_per_network" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "welcome_videos_watermarked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "welcome_grants" ADD CONSTRAINT "welcome_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "welcome_grants_one_per_address" ON "welcome_grants" USING btree ("address_hash") WHERE "welcome_grants"."outcome" = 'granted';--> statement-breakpoint
CREATE UNIQUE INDEX "welcome_grants_one_per_user" ON "welcome_grants" USING btree ("user_id") WHERE "welcome_grants"."outcome" = 'granted';--> statement-breakpoint
CREATE INDEX "welcome_grants_address_idx" ON "welcome_grants" USING btree ("client_address","created_at");--> statement-breakpoint
CREATE INDEX "welcome_grants_network_idx" ON "welcome_grants" USING btree ("network","created_at");--> statement-breakpoint
ALTER TABLE "admin_settings" ADD CONSTRAINT "admin_settings_welcome_grant_valid" CHECK (coalesce("admin_settings"."welcome_grant_credits", 1) between 1 and 100000 and "admin_settings"."welcome_grant_days" between 1 and 365
        and "admin_settings"."welcome_grants_per_address" between 1 and 1000 and "admin_settings"."welcome_grants_per_network" between 1 and 10000);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_type_valid" CHECK ("transactions"."type" in ('purchase', 'bonus', 'refund', 'usage', 'adjustment', 'reversal', 'expiry', 'subscription', 'rollover', 'welcome'));