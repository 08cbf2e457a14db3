-- Announces a session ended (signed out, expired, ended by an admin): {"u": user, "k": "session"}
-- on 'veo_events'. Every process's sessions cache drops it; the event streams opened with it end.
-- The live definition. Change it here, then make its migration from this file:
-- `npm run db:function-migration -- veo_notify_session` (docs/ARCHITECTURE.md).
CREATE OR REPLACE FUNCTION "veo_notify_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('veo_events', json_build_object('u', OLD.user_id, 'k', 'session')::text);
	RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "sessions_notify" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "veo_notify_session"();
