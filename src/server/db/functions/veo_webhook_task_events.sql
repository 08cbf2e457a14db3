-- Webhook events (decision 0047): a video finished (video.completed / video.failed, for its
-- n8n callbackUrl or an endpoint that subscribed) or its 1080p / 4K version became ready
-- (video.hd_ready) writes a webhook_events row and announces {"k": "webhook"} on 'veo_events';
-- each process's webhook sender (jobs/webhook-sender.ts) wakes and delivers it.
-- The live definition. Change it here, then make its migration from this file:
-- `npm run db:function-migration -- veo_webhook_task_events` (docs/ARCHITECTURE.md).
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "video_tasks_webhook_events" AFTER UPDATE OF "status", "hd_status", "uhd_status" ON "video_tasks"
	FOR EACH ROW EXECUTE FUNCTION "veo_webhook_task_events"();
