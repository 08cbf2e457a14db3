-- Every column the task view is built from (toTaskView, the task lists' JSON) is announced when it
-- changes, not only those the product changes today: the read caches serve these fields until an
-- announcement drops them (decision 0031), so a column missing here is a stale page. Moving a task
-- to another person tells both. tests/integration/task-view-events.test.ts changes each one.
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
		OLD.credits_used, OLD.created_via, OLD.refunded
	) IS DISTINCT FROM (
		NEW.id, NEW.user_id, NEW.task_id, NEW.status, NEW.prompt, NEW.model, NEW.aspect_ratio, NEW.image_urls, NEW.result_urls,
		NEW.hd_video_url, NEW.hd_status, NEW.error_message, NEW.watermark, NEW.seeds, NEW.created_at, NEW.completed_at,
		NEW.credits_used, NEW.created_via, NEW.refunded
	) THEN
		PERFORM pg_notify('veo_events', json_build_object('u', NEW.user_id, 'k', 'task', 't', NEW.task_id)::text);
		IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
			PERFORM pg_notify('veo_events', json_build_object('u', OLD.user_id, 'k', 'task', 't', OLD.task_id)::text);
		END IF;
	END IF;
	RETURN NEW;
END $$;
