CREATE TABLE "image_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"task_id" text,
	"prompt" text NOT NULL,
	"aspect_ratio" text NOT NULL,
	"vendor_model" text NOT NULL,
	"status" text DEFAULT 'generating' NOT NULL,
	"credits_used" integer NOT NULL,
	"refunded" boolean DEFAULT false NOT NULL,
	"vendor_account_id" uuid,
	"provider_source" text DEFAULT 'simulator' NOT NULL,
	"upload_name" text,
	"error_message" text,
	"failure_kind" text,
	"vendor_cost" numeric(12, 4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"check_attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	CONSTRAINT "image_tasks_task_id_unique" UNIQUE("task_id"),
	CONSTRAINT "image_tasks_status_valid" CHECK ("image_tasks"."status" in ('generating', 'completed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "prompt_help_mode" text DEFAULT 'builtin' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "prompt_help_base_url" text;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "prompt_help_api_key" text;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "prompt_help_model" text;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "first_frame_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "first_frame_model" text DEFAULT 'nano-banana-2' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "image_task_id" uuid;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "extend_method" text;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "join_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "joined_video_url" text;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "image_tasks" ADD CONSTRAINT "image_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_tasks" ADD CONSTRAINT "image_tasks_vendor_account_id_vendor_accounts_id_fk" FOREIGN KEY ("vendor_account_id") REFERENCES "public"."vendor_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_tasks_user_created_idx" ON "image_tasks" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "image_tasks_due_idx" ON "image_tasks" USING btree ("next_check_at") WHERE "image_tasks"."status" = 'generating';--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_image_task_id_image_tasks_id_fk" FOREIGN KEY ("image_task_id") REFERENCES "public"."image_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_refund_per_image_task" ON "transactions" USING btree ("image_task_id") WHERE "transactions"."type" = 'refund';--> statement-breakpoint
CREATE INDEX "video_tasks_batch_idx" ON "video_tasks" USING btree ("batch_id") WHERE "video_tasks"."batch_id" is not null;--> statement-breakpoint
CREATE INDEX "video_tasks_join_due_idx" ON "video_tasks" USING btree ("completed_at") WHERE "video_tasks"."join_status" = 'pending';--> statement-breakpoint
ALTER TABLE "admin_settings" ADD CONSTRAINT "admin_settings_prompt_help_mode_valid" CHECK ("admin_settings"."prompt_help_mode" in ('off', 'builtin', 'llm'));--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_extend_method_valid" CHECK ("video_tasks"."extend_method" is null or "video_tasks"."extend_method" in ('native', 'last_frame'));--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_join_status_valid" CHECK ("video_tasks"."join_status" in ('none', 'pending', 'ready', 'failed'));--> statement-breakpoint
UPDATE "video_tasks" SET "extend_method" = 'native' WHERE "extended_from" IS NOT NULL;