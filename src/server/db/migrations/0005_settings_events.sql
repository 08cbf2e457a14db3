-- The admin settings row and the provider accounts are read on every generation; each process
-- keeps them in memory and drops them when these announce a change (payload {"k": "settings"}
-- on 'veo_events', at commit).
CREATE FUNCTION "veo_notify_settings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('veo_events', '{"k":"settings"}');
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "admin_settings_notify" AFTER INSERT OR UPDATE OR DELETE ON "admin_settings" FOR EACH STATEMENT EXECUTE FUNCTION "veo_notify_settings"();
--> statement-breakpoint
CREATE TRIGGER "kie_apis_notify" AFTER INSERT OR UPDATE OR DELETE ON "kie_apis" FOR EACH STATEMENT EXECUTE FUNCTION "veo_notify_settings"();
