-- The archive queue (decisions 0043, 0049): a finished video's 720p file, and its 1080p and 4K
-- ones when they come, get a pending video_files row (re-queued when the provider's URL
-- changes; never once archived or deleted). The video archiver job (jobs/video-archiver.ts)
-- claims those rows and copies the files into storage.
-- The live definition. Change it here, then make its migration from this file:
-- `npm run db:function-migration -- veo_queue_video_files` (docs/ARCHITECTURE.md).
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
	IF NEW.uhd_video_url IS NOT NULL AND NEW.uhd_video_url NOT LIKE '/media/videos/%'
		AND (TG_OP = 'INSERT' OR NEW.uhd_video_url IS DISTINCT FROM OLD.uhd_video_url) THEN
		INSERT INTO "video_files" ("video_task_id", "quality", "source_url") VALUES (NEW.id, '4k', NEW.uhd_video_url)
		ON CONFLICT ("video_task_id", "quality") DO UPDATE
			SET "source_url" = excluded."source_url", "status" = 'pending', "attempts" = 0, "next_attempt_at" = now(), "last_error" = NULL
			WHERE "video_files"."status" NOT IN ('archived', 'deleted');
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "veo_video_files_queue" AFTER INSERT OR UPDATE OF "status", "result_urls", "hd_video_url", "uhd_video_url" ON "video_tasks"
	FOR EACH ROW EXECUTE FUNCTION "veo_queue_video_files"();
