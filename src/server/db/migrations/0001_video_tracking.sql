ALTER TABLE "video_tasks" ADD COLUMN "provider_source" text DEFAULT 'simulator' NOT NULL;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "check_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "hd_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "hd_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_refund_per_video_task" ON "transactions" USING btree ("video_task_id") WHERE "transactions"."type" = 'refund';--> statement-breakpoint
CREATE INDEX "transactions_video_task_idx" ON "transactions" USING btree ("video_task_id");--> statement-breakpoint
CREATE INDEX "video_tasks_due_idx" ON "video_tasks" USING btree ("next_check_at") WHERE "video_tasks"."status" in ('generating', 'pending') or "video_tasks"."hd_status" = 'pending';--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_provider_source_valid" CHECK ("video_tasks"."provider_source" in ('account', 'settings', 'env', 'simulator'));--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_hd_status_valid" CHECK ("video_tasks"."hd_status" in ('none', 'pending', 'ready', 'failed'));