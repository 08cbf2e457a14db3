CREATE TABLE "explore_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_task_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"reporter_user_id" uuid,
	"reporter_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "explore_reports_reason_valid" CHECK ("explore_reports"."reason" in ('sexual', 'violence', 'hate', 'copyright', 'spam', 'other'))
);
--> statement-breakpoint
CREATE TABLE "model_samples" (
	"model" text PRIMARY KEY NOT NULL,
	"video_task_id" uuid NOT NULL,
	"share_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "explore_mode" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "explore_status" text;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "explore_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "explore_featured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "remix_of" uuid;--> statement-breakpoint
ALTER TABLE "explore_reports" ADD CONSTRAINT "explore_reports_video_task_id_video_tasks_id_fk" FOREIGN KEY ("video_task_id") REFERENCES "public"."video_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "explore_reports" ADD CONSTRAINT "explore_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_samples" ADD CONSTRAINT "model_samples_video_task_id_video_tasks_id_fk" FOREIGN KEY ("video_task_id") REFERENCES "public"."video_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "explore_reports_once_idx" ON "explore_reports" USING btree ("video_task_id","reporter_key");--> statement-breakpoint
CREATE INDEX "explore_reports_open_idx" ON "explore_reports" USING btree ("created_at") WHERE "explore_reports"."resolved_at" is null;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_remix_of_video_tasks_id_fk" FOREIGN KEY ("remix_of") REFERENCES "public"."video_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_tasks_explore_idx" ON "video_tasks" USING btree ("explore_published_at" DESC NULLS LAST) WHERE "video_tasks"."explore_status" = 'listed';--> statement-breakpoint
CREATE INDEX "video_tasks_remix_of_idx" ON "video_tasks" USING btree ("remix_of") WHERE "video_tasks"."remix_of" is not null;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD CONSTRAINT "admin_settings_explore_mode_valid" CHECK ("admin_settings"."explore_mode" in ('off', 'open', 'approval'));--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_explore_status_valid" CHECK ("video_tasks"."explore_status" is null or "video_tasks"."explore_status" in ('pending', 'listed', 'hidden'));