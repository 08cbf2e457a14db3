-- KIE's Market surface (decision 0051): the admin's choice for new videos, and each task's own surface.
ALTER TABLE "admin_settings" ADD COLUMN "kie_surface" text DEFAULT 'veo' NOT NULL;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "provider_surface" text DEFAULT 'veo' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD CONSTRAINT "admin_settings_kie_surface_valid" CHECK ("admin_settings"."kie_surface" in ('veo', 'market'));--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_provider_surface_valid" CHECK ("video_tasks"."provider_surface" in ('veo', 'market'));