-- Announces any change to the admin settings row, the provider accounts or the vendor model ids
-- (mappings and their checks, decision 0173): {"k": "settings"} on
-- 'veo_events', once per statement. Every process drops its cached settings and account keys.
-- The live definition. Change it here, then make its migration from this file:
-- `npm run db:function-migration -- veo_notify_settings` (docs/ARCHITECTURE.md).
CREATE OR REPLACE FUNCTION "veo_notify_settings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('veo_events', '{"k":"settings"}');
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "admin_settings_notify" AFTER INSERT OR UPDATE OR DELETE ON "admin_settings" FOR EACH STATEMENT EXECUTE FUNCTION "veo_notify_settings"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "vendor_accounts_notify" AFTER INSERT OR UPDATE OR DELETE ON "vendor_accounts" FOR EACH STATEMENT EXECUTE FUNCTION "veo_notify_settings"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "vendor_model_mappings_notify" AFTER INSERT OR UPDATE OR DELETE ON "vendor_model_mappings" FOR EACH STATEMENT EXECUTE FUNCTION "veo_notify_settings"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "vendor_model_checks_notify" AFTER INSERT OR UPDATE OR DELETE ON "vendor_model_checks" FOR EACH STATEMENT EXECUTE FUNCTION "veo_notify_settings"();
