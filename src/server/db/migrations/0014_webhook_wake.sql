-- The webhook triggers (0013) announce the events they write, so the sender wakes for them alone
-- rather than for every task and balance change (decision 0047). Otherwise as in 0013.
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
	IF NEW.hd_status = 'ready' AND OLD.hd_status IS DISTINCT FROM 'ready' AND EXISTS (
		SELECT 1 FROM "webhook_endpoints" e
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
CREATE OR REPLACE FUNCTION "veo_webhook_credits_low"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.low_credits_threshold IS NOT NULL AND NEW.credits < NEW.low_credits_threshold AND OLD.credits >= NEW.low_credits_threshold
		AND EXISTS (SELECT 1 FROM "webhook_endpoints" e
			WHERE e.user_id = NEW.id AND e.kind = 'endpoint' AND e.enabled AND 'credits.low' = ANY (e.event_types)) THEN
		INSERT INTO "webhook_events" ("id", "user_id", "type", "data")
		VALUES ('msg_' || replace(gen_random_uuid()::text, '-', ''), NEW.id, 'credits.low',
			jsonb_build_object('credits', NEW.credits, 'threshold', NEW.low_credits_threshold));
		PERFORM pg_notify('veo_events', '{"k":"webhook"}');
	END IF;
	RETURN NULL;
END $$;
