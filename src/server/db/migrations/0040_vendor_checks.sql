ALTER TABLE "video_tasks" DROP CONSTRAINT "video_tasks_provider_surface_valid";--> statement-breakpoint
ALTER TABLE "kie_apis" ADD CONSTRAINT "kie_apis_vendor_valid" CHECK ("kie_apis"."vendor" in ('kie', 'google'));--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_vendor_valid" CHECK ("video_tasks"."vendor" in ('kie', 'google'));--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_provider_surface_valid" CHECK ("video_tasks"."provider_surface" in ('veo', 'market', 'gemini'));