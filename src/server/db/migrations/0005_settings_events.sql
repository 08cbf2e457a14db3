-- The admin settings row is read on every generation; each process keeps it in memory and drops
-- it when this announces a change (payload {"k": "settings"} on 'veo_events', at commit).
CREATE FUNCTION "veo_notify_settings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('veo_events', '{"k":"settings"}');
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "admin_settings_notify" AFTER INSERT OR UPDATE OR DELETE ON "admin_settings" FOR EACH STATEMENT EXECUTE FUNCTION "veo_notify_settings"();
