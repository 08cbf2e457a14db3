-- Made from src/server/db/functions/veo_notify_user.sql by npm run db:function-migration (decision 0066).
CREATE OR REPLACE FUNCTION "veo_notify_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF (OLD.credits, OLD.credits_owed, OLD.is_active, OLD.is_admin, OLD.password, OLD.username, OLD.email, OLD.email_verified, OLD.language, OLD.deleted_at)
		IS DISTINCT FROM (NEW.credits, NEW.credits_owed, NEW.is_active, NEW.is_admin, NEW.password, NEW.username, NEW.email, NEW.email_verified, NEW.language, NEW.deleted_at) THEN
		PERFORM pg_notify('veo_events', json_build_object('u', NEW.id, 'k', 'user')::text);
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "users_notify" AFTER UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION "veo_notify_user"();
