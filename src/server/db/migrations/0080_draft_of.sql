ALTER TABLE "video_tasks" ADD COLUMN "draft_of_model" text;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "draft_of_resolution" text;