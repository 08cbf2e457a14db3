-- Made from src/server/db/functions/veo_notify_second_factor.sql by npm run db:function-migration (decision 0066).
CREATE OR REPLACE FUNCTION "veo_notify_second_factor"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	r record;
BEGIN
	IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
	IF TG_TABLE_NAME = 'session_second_factors' THEN
		PERFORM pg_notify('veo_events', json_build_object('u', s.user_id, 'k', 'session')::text)
			FROM "sessions" s WHERE s.id = r.session_id;
	ELSE
		PERFORM pg_notify('veo_events', json_build_object('u', r.user_id, 'k', 'session')::text);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "totp_credentials_notify" AFTER INSERT OR UPDATE OR DELETE ON "totp_credentials" FOR EACH ROW EXECUTE FUNCTION "veo_notify_second_factor"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "passkeys_notify" AFTER INSERT OR UPDATE OR DELETE ON "passkeys" FOR EACH ROW EXECUTE FUNCTION "veo_notify_second_factor"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "session_second_factors_notify" AFTER INSERT OR UPDATE ON "session_second_factors" FOR EACH ROW EXECUTE FUNCTION "veo_notify_second_factor"();
