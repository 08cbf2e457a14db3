-- Narrow (decision 0142): no running code names kie_apis or video_tasks.kie_api_id any more.
DROP TRIGGER "video_tasks_vendor_account_id_compat" ON "video_tasks";--> statement-breakpoint
DROP FUNCTION "veo_vendor_account_id_compat"();--> statement-breakpoint
DROP VIEW "kie_apis";--> statement-breakpoint
ALTER TABLE "video_tasks" DROP CONSTRAINT "video_tasks_kie_api_id_kie_apis_id_fk";--> statement-breakpoint
ALTER TABLE "video_tasks" DROP COLUMN "kie_api_id";
