ALTER TABLE "vendor_accounts" DROP CONSTRAINT "vendor_accounts_vendor_valid";--> statement-breakpoint
ALTER TABLE "vendor_model_mappings" DROP CONSTRAINT "vendor_model_mappings_vendor_valid";--> statement-breakpoint
ALTER TABLE "video_tasks" DROP CONSTRAINT "video_tasks_provider_surface_valid";--> statement-breakpoint
ALTER TABLE "video_tasks" DROP CONSTRAINT "video_tasks_vendor_valid";--> statement-breakpoint
ALTER TABLE "vendor_accounts" ADD CONSTRAINT "vendor_accounts_vendor_valid" CHECK ("vendor_accounts"."vendor" in ('kie', 'google', 'vertex'));--> statement-breakpoint
ALTER TABLE "vendor_model_mappings" ADD CONSTRAINT "vendor_model_mappings_vendor_valid" CHECK ("vendor_model_mappings"."vendor" in ('kie', 'google', 'vertex'));--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_provider_surface_valid" CHECK ("video_tasks"."provider_surface" in ('veo', 'market', 'gemini', 'interactions', 'vertex'));--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_vendor_valid" CHECK ("video_tasks"."vendor" in ('kie', 'google', 'vertex'));