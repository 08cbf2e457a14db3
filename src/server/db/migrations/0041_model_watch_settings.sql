ALTER TABLE "admin_settings" ADD COLUMN "pause_degraded_models" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "degraded_models" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "kie_credit_usd" numeric(10, 6) DEFAULT '0.005' NOT NULL;