-- Issue 22 (decision 0048): prices per catalogue item in one jsonb column, the generation mode of
-- each task, what a Lite video costs a provider account, and KIE's callback signing key.
ALTER TABLE "admin_settings" ADD COLUMN "prices" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "kie_webhook_hmac_key" text;--> statement-breakpoint
UPDATE "admin_settings" SET "prices" = jsonb_build_object(
  'veo3', jsonb_build_object('web', "veo3_credits", 'api', "veo3_api_price"),
  'veo3_fast', jsonb_build_object('web', "veo3_fast_credits", 'api', "veo3_fast_api_price")
);--> statement-breakpoint
ALTER TABLE "admin_settings" DROP COLUMN "veo3_credits";--> statement-breakpoint
ALTER TABLE "admin_settings" DROP COLUMN "veo3_fast_credits";--> statement-breakpoint
ALTER TABLE "admin_settings" DROP COLUMN "veo3_api_price";--> statement-breakpoint
ALTER TABLE "admin_settings" DROP COLUMN "veo3_fast_api_price";--> statement-breakpoint
ALTER TABLE "kie_apis" ADD COLUMN "veo3_lite_credits" integer DEFAULT 40 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "mode" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
-- A backfill is no news: no announcement per row.
ALTER TABLE "video_tasks" DISABLE TRIGGER "video_tasks_notify";--> statement-breakpoint
UPDATE "video_tasks" SET "mode" = 'image' WHERE cardinality("image_urls") > 0;--> statement-breakpoint
ALTER TABLE "video_tasks" ENABLE TRIGGER "video_tasks_notify";--> statement-breakpoint
-- The mode is shown on every page that shows the task: a change is news.
CREATE OR REPLACE FUNCTION "veo_notify_task"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM pg_notify('veo_events', json_build_object('u', OLD.user_id, 'k', 'task', 't', OLD.task_id)::text);
		RETURN OLD;
	END IF;
	-- Worker bookkeeping (next check, attempts, lease) and fields no page shows are not news.
	IF TG_OP = 'INSERT' OR (
		OLD.id, OLD.user_id, OLD.task_id, OLD.status, OLD.prompt, OLD.model, OLD.mode, OLD.aspect_ratio, OLD.image_urls, OLD.result_urls,
		OLD.hd_video_url, OLD.hd_status, OLD.error_message, OLD.watermark, OLD.seeds, OLD.created_at, OLD.completed_at,
		OLD.credits_used, OLD.created_via, OLD.refunded, OLD.video_expired, OLD.is_public, OLD.share_id, OLD.share_prompt_hidden,
		OLD.deleted_at
	) IS DISTINCT FROM (
		NEW.id, NEW.user_id, NEW.task_id, NEW.status, NEW.prompt, NEW.model, NEW.mode, NEW.aspect_ratio, NEW.image_urls, NEW.result_urls,
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
