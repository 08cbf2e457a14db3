ALTER TABLE "admin_settings" ADD COLUMN "video_retention_days" integer;--> statement-breakpoint
CREATE INDEX "video_files_blob_to_remove_idx" ON "video_files" USING btree ("id") WHERE "video_files"."status" = 'deleted' and "video_files"."blob_name" is not null;--> statement-breakpoint
CREATE INDEX "video_tasks_retention_idx" ON "video_tasks" USING btree ("completed_at") WHERE "video_tasks"."status" = 'completed' and "video_tasks"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD CONSTRAINT "admin_settings_video_retention_days_valid" CHECK ("admin_settings"."video_retention_days" between 1 and 36500);--> statement-breakpoint
-- A deleted file is not queued again when its task's URLs change (decision 0045); otherwise as in 0009.
CREATE OR REPLACE FUNCTION "veo_queue_video_files"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.status = 'completed' AND NEW.result_urls[1] IS NOT NULL AND NEW.result_urls[1] NOT LIKE '/media/videos/%'
		AND (TG_OP = 'INSERT' OR NEW.result_urls IS DISTINCT FROM OLD.result_urls OR OLD.status IS DISTINCT FROM 'completed') THEN
		INSERT INTO "video_files" ("video_task_id", "quality", "source_url") VALUES (NEW.id, '720p', NEW.result_urls[1])
		ON CONFLICT ("video_task_id", "quality") DO UPDATE
			SET "source_url" = excluded."source_url", "status" = 'pending', "attempts" = 0, "next_attempt_at" = now(), "last_error" = NULL
			WHERE "video_files"."status" NOT IN ('archived', 'deleted');
	END IF;
	IF NEW.hd_video_url IS NOT NULL AND NEW.hd_video_url NOT LIKE '/media/videos/%'
		AND (TG_OP = 'INSERT' OR NEW.hd_video_url IS DISTINCT FROM OLD.hd_video_url) THEN
		INSERT INTO "video_files" ("video_task_id", "quality", "source_url") VALUES (NEW.id, '1080p', NEW.hd_video_url)
		ON CONFLICT ("video_task_id", "quality") DO UPDATE
			SET "source_url" = excluded."source_url", "status" = 'pending', "attempts" = 0, "next_attempt_at" = now(), "last_error" = NULL
			WHERE "video_files"."status" NOT IN ('archived', 'deleted');
	END IF;
	RETURN NEW;
END $$;
