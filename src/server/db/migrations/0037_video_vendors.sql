ALTER TABLE "kie_apis" ADD COLUMN "vendor" text DEFAULT 'kie' NOT NULL;--> statement-breakpoint
ALTER TABLE "kie_apis" ADD COLUMN "model_costs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "vendor" text DEFAULT 'kie' NOT NULL;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "vendor_model" text;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "duration_seconds" integer;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "audio" boolean;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "vendor_cost" numeric(12, 4);--> statement-breakpoint
-- What the admin set per account for each Veo model moves into the cost map (issue 42).
UPDATE "kie_apis" SET "model_costs" = jsonb_build_object('veo3', "veo3_quality_credits", 'veo3_fast', "veo3_fast_credits", 'veo3_lite', "veo3_lite_credits");
