ALTER TABLE "admin_settings" ADD COLUMN "contact_zalo_phone" text;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "contact_zalo_group_url" text;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "contact_telegram" text;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "contact_email" text;