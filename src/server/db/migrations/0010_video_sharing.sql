ALTER TABLE "video_files" DROP CONSTRAINT "video_files_status_valid";--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "share_id" text;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "share_prompt_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "video_tasks_share_id_idx" ON "video_tasks" USING btree ("share_id");--> statement-breakpoint
ALTER TABLE "video_files" ADD CONSTRAINT "video_files_status_valid" CHECK ("video_files"."status" in ('pending', 'archived', 'failed', 'expired', 'deleted'));--> statement-breakpoint
-- Sharing and deleting are part of what pages show: announce them like the rest (0008, 0009).
CREATE OR REPLACE FUNCTION "veo_notify_task"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM pg_notify('veo_events', json_build_object('u', OLD.user_id, 'k', 'task', 't', OLD.task_id)::text);
		RETURN OLD;
	END IF;
	-- Worker bookkeeping (next check, attempts, lease) and fields no page shows are not news.
	IF TG_OP = 'INSERT' OR (
		OLD.id, OLD.user_id, OLD.task_id, OLD.status, OLD.prompt, OLD.model, OLD.aspect_ratio, OLD.image_urls, OLD.result_urls,
		OLD.hd_video_url, OLD.hd_status, OLD.error_message, OLD.watermark, OLD.seeds, OLD.created_at, OLD.completed_at,
		OLD.credits_used, OLD.created_via, OLD.refunded, OLD.video_expired, OLD.is_public, OLD.share_id, OLD.share_prompt_hidden,
		OLD.deleted_at
	) IS DISTINCT FROM (
		NEW.id, NEW.user_id, NEW.task_id, NEW.status, NEW.prompt, NEW.model, NEW.aspect_ratio, NEW.image_urls, NEW.result_urls,
		NEW.hd_video_url, NEW.hd_status, NEW.error_message, NEW.watermark, NEW.seeds, NEW.created_at, NEW.completed_at,
		NEW.credits_used, NEW.created_via, NEW.refunded, NEW.video_expired, NEW.is_public, NEW.share_id, NEW.share_prompt_hidden,
		NEW.deleted_at
	) THEN
		PERFORM pg_notify('veo_events', json_build_object('u', NEW.user_id, 'k', 'task', 't', NEW.task_id)::text);
		IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
			PERFORM pg_notify('veo_events', json_build_object('u', OLD.user_id, 'k', 'task', 't', OLD.task_id)::text);
		END IF;
	END IF;
	RETURN NEW;
END $$;
