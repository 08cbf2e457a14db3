DROP INDEX "video_tasks_created_idx";--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "failure_kind" text;--> statement-breakpoint
CREATE INDEX "video_tasks_created_idx" ON "video_tasks" USING btree ("created_at","model","status","refunded","completed_at","hd_ready_at","failure_kind");--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_failure_kind_valid" CHECK ("video_tasks"."failure_kind" is null or "video_tasks"."failure_kind" in ('refused'));