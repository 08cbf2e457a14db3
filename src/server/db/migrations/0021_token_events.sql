-- API tokens announce their end (deleted, or is_active changed) on 'veo_events' like sessions do
-- (0004), so every process ends the live event streams opened with that token (decision 0063).
-- Payload: {"u": user id, "k": "token", "i": the token's id}.
CREATE FUNCTION "veo_notify_api_token"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM pg_notify('veo_events', json_build_object('u', OLD.user_id, 'k', 'token', 'i', OLD.id)::text);
		RETURN OLD;
	END IF;
	IF OLD.is_active IS DISTINCT FROM NEW.is_active THEN
		PERFORM pg_notify('veo_events', json_build_object('u', NEW.user_id, 'k', 'token', 'i', NEW.id)::text);
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "api_tokens_notify" AFTER UPDATE OR DELETE ON "api_tokens" FOR EACH ROW EXECUTE FUNCTION "veo_notify_api_token"();
