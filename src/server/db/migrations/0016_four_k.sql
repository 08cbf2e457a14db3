-- 4K (decision 0049): the upgrade's state on the task, the worker's scan, and the triggers that
-- announce changes, queue the file for the archive and write the video.hd_ready webhook event.
DROP INDEX "video_tasks_due_idx";--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "uhd_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "uhd_video_url" text;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "uhd_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "uhd_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "uhd_error" text;--> statement-breakpoint
CREATE INDEX "video_tasks_due_idx" ON "video_tasks" USING btree ("next_check_at") WHERE "video_tasks"."status" in ('generating', 'pending') or "video_tasks"."hd_status" = 'pending' or "video_tasks"."uhd_status" = 'pending';--> statement-breakpoint
CREATE OR REPLACE FUNCTION "veo_notify_task"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM pg_notify('veo_events', json_build_object('u', OLD.user_id, 'k', 'task', 't', OLD.task_id)::text);
		RETURN OLD;
	END IF;
	-- Worker bookkeeping (next check, attempts, lease) and fields no page shows are not news.
	IF TG_OP = 'INSERT' OR (
		OLD.id, OLD.user_id, OLD.task_id, OLD.status, OLD.prompt, OLD.model, OLD.mode, OLD.aspect_ratio, OLD.image_urls, OLD.result_urls,
		OLD.hd_video_url, OLD.hd_status, OLD.uhd_video_url, OLD.uhd_status, OLD.uhd_credits, OLD.uhd_error, OLD.error_message, OLD.watermark, OLD.seeds,
		OLD.created_at, OLD.completed_at, OLD.credits_used, OLD.created_via, OLD.refunded, OLD.video_expired, OLD.is_public, OLD.share_id,
		OLD.share_prompt_hidden, OLD.deleted_at
	) IS DISTINCT FROM (
		NEW.id, NEW.user_id, NEW.task_id, NEW.status, NEW.prompt, NEW.model, NEW.mode, NEW.aspect_ratio, NEW.image_urls, NEW.result_urls,
		NEW.hd_video_url, NEW.hd_status, NEW.uhd_video_url, NEW.uhd_status, NEW.uhd_credits, NEW.uhd_error, NEW.error_message, NEW.watermark, NEW.seeds,
		NEW.created_at, NEW.completed_at, NEW.credits_used, NEW.created_via, NEW.refunded, NEW.video_expired, NEW.is_public, NEW.share_id,
		NEW.share_prompt_hidden, NEW.deleted_at
	) THEN
		PERFORM pg_notify('veo_events', json_build_object('u', NEW.user_id, 'k', 'task', 't', NEW.task_id)::text);
		IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
			PERFORM pg_notify('veo_events', json_build_object('u', OLD.user_id, 'k', 'task', 't', OLD.task_id)::text);
		END IF;
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
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
END $$;--> statement-breakpoint
DROP TRIGGER "veo_video_files_queue" ON "video_tasks";--> statement-breakpoint
CREATE TRIGGER "veo_video_files_queue" AFTER INSERT OR UPDATE OF "status", "result_urls", "hd_video_url", "uhd_video_url" ON "video_tasks"
	FOR EACH ROW EXECUTE FUNCTION "veo_queue_video_files"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "veo_webhook_task_events"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	finished text;
	wrote boolean := false;
BEGIN
	IF NEW.status = 'completed' AND OLD.status IS DISTINCT FROM 'completed' THEN
		finished := 'video.completed';
	ELSIF NEW.status = 'failed' AND OLD.status IS DISTINCT FROM 'failed' THEN
		finished := 'video.failed';
	END IF;
	IF finished IS NOT NULL AND (NEW.callback_url IS NOT NULL OR EXISTS (
		SELECT 1 FROM "webhook_endpoints" e
		WHERE e.user_id = NEW.user_id AND e.kind = 'endpoint' AND e.enabled AND finished = ANY (e.event_types))) THEN
		INSERT INTO "webhook_events" ("id", "user_id", "type", "video_task_id")
		VALUES ('msg_' || replace(gen_random_uuid()::text, '-', ''), NEW.user_id, finished, NEW.id);
		wrote := true;
	END IF;
	-- video.hd_ready: the 1080p version, and the 4K one when it comes (each once).
	IF ((NEW.hd_status = 'ready' AND OLD.hd_status IS DISTINCT FROM 'ready') OR (NEW.uhd_status = 'ready' AND OLD.uhd_status IS DISTINCT FROM 'ready'))
		AND EXISTS (SELECT 1 FROM "webhook_endpoints" e
			WHERE e.user_id = NEW.user_id AND e.kind = 'endpoint' AND e.enabled AND 'video.hd_ready' = ANY (e.event_types)) THEN
		INSERT INTO "webhook_events" ("id", "user_id", "type", "video_task_id")
		VALUES ('msg_' || replace(gen_random_uuid()::text, '-', ''), NEW.user_id, 'video.hd_ready', NEW.id);
		wrote := true;
	END IF;
	IF wrote THEN
		PERFORM pg_notify('veo_events', '{"k":"webhook"}');
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "video_tasks_webhook_events" ON "video_tasks";--> statement-breakpoint
CREATE TRIGGER "video_tasks_webhook_events" AFTER UPDATE OF "status", "hd_status", "uhd_status" ON "video_tasks"
	FOR EACH ROW EXECUTE FUNCTION "veo_webhook_task_events"();--> statement-breakpoint
ALTER TABLE "video_files" DROP CONSTRAINT "video_files_quality_valid";--> statement-breakpoint
ALTER TABLE "video_files" ADD CONSTRAINT "video_files_quality_valid" CHECK ("video_files"."quality" in ('720p', '1080p', '4k'));--> statement-breakpoint
-- The 4K upgrade's usage and refund rows name it; the video's own refund stays one per task.
DROP INDEX "transactions_one_refund_per_task";--> statement-breakpoint
DROP INDEX "transactions_one_refund_per_video_task";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "upgrade" text;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_upgrade_refund" ON "transactions" USING btree ("video_task_id","upgrade") WHERE "transactions"."type" = 'refund' and "transactions"."upgrade" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_refund_per_task" ON "transactions" USING btree ("kie_task_id") WHERE "transactions"."type" = 'refund' and "transactions"."upgrade" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_refund_per_video_task" ON "transactions" USING btree ("video_task_id") WHERE "transactions"."type" = 'refund' and "transactions"."upgrade" is null;
