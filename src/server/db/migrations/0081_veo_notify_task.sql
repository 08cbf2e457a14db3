-- Made from src/server/db/functions/veo_notify_task.sql by npm run db:function-migration (decision 0066).
CREATE OR REPLACE FUNCTION "veo_notify_task"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM pg_notify('veo_events', json_build_object('u', OLD.user_id, 'k', 'task', 't', OLD.task_id)::text);
		RETURN OLD;
	END IF;
	-- Worker bookkeeping (next check, attempts, lease) and fields no page shows are not news.
	IF TG_OP = 'INSERT' OR (
		OLD.id, OLD.user_id, OLD.task_id, OLD.status, OLD.prompt, OLD.model, OLD.mode, OLD.aspect_ratio, OLD.image_urls, OLD.result_urls,
		OLD.hd_video_url, OLD.hd_status, OLD.uhd_video_url, OLD.uhd_status, OLD.uhd_credits, OLD.uhd_error, OLD.extended_from, OLD.error_message, OLD.failure_kind, OLD.watermark, OLD.seeds,
		OLD.created_at, OLD.completed_at, OLD.credits_used, OLD.created_via, OLD.refunded, OLD.video_expired, OLD.is_public, OLD.share_id,
		OLD.share_prompt_hidden, OLD.deleted_at, OLD.duration_seconds, OLD.resolution, OLD.audio, OLD.welcome_marked,
		OLD.extend_method, OLD.join_status, OLD.joined_video_url, OLD.batch_id, OLD.explore_status, OLD.vendor, OLD.draft_of_model, OLD.draft_of_resolution
	) IS DISTINCT FROM (
		NEW.id, NEW.user_id, NEW.task_id, NEW.status, NEW.prompt, NEW.model, NEW.mode, NEW.aspect_ratio, NEW.image_urls, NEW.result_urls,
		NEW.hd_video_url, NEW.hd_status, NEW.uhd_video_url, NEW.uhd_status, NEW.uhd_credits, NEW.uhd_error, NEW.extended_from, NEW.error_message, NEW.failure_kind, NEW.watermark, NEW.seeds,
		NEW.created_at, NEW.completed_at, NEW.credits_used, NEW.created_via, NEW.refunded, NEW.video_expired, NEW.is_public, NEW.share_id,
		NEW.share_prompt_hidden, NEW.deleted_at, NEW.duration_seconds, NEW.resolution, NEW.audio, NEW.welcome_marked,
		NEW.extend_method, NEW.join_status, NEW.joined_video_url, NEW.batch_id, NEW.explore_status, NEW.vendor, NEW.draft_of_model, NEW.draft_of_resolution
	) THEN
		PERFORM pg_notify('veo_events', json_build_object('u', NEW.user_id, 'k', 'task', 't', NEW.task_id)::text);
		IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
			PERFORM pg_notify('veo_events', json_build_object('u', OLD.user_id, 'k', 'task', 't', OLD.task_id)::text);
		END IF;
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "video_tasks_notify" AFTER INSERT OR UPDATE OR DELETE ON "video_tasks" FOR EACH ROW EXECUTE FUNCTION "veo_notify_task"();
