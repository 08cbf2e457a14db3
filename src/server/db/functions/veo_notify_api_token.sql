-- Announces an API token deleted or (de)activated: {"u": user, "k": "token", "i": token id} on
-- 'veo_events'. Every process ends the live event streams opened with that token (decision 0063).
-- The live definition. Change it here, then make its migration from this file:
-- `npm run db:function-migration -- veo_notify_api_token` (docs/ARCHITECTURE.md).
CREATE OR REPLACE FUNCTION "veo_notify_api_token"() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE OR REPLACE TRIGGER "api_tokens_notify" AFTER UPDATE OR DELETE ON "api_tokens" FOR EACH ROW EXECUTE FUNCTION "veo_notify_api_token"();
