-- The language a person chose (decision 0055). The users trigger announces it like the other
-- fields a signed-in page shows, so every process's session cache drops the old value.
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_valid" CHECK ("users"."language" in ('en', 'vi'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION "veo_notify_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF (OLD.credits, OLD.is_active, OLD.is_admin, OLD.password, OLD.username, OLD.email, OLD.language)
		IS DISTINCT FROM (NEW.credits, NEW.is_active, NEW.is_admin, NEW.password, NEW.username, NEW.email, NEW.language) THEN
		PERFORM pg_notify('veo_events', json_build_object('u', NEW.id, 'k', 'user')::text);
	END IF;
	RETURN NEW;
END $$;