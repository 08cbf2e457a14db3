-- The admin audit log is append-only (decision 0052): any UPDATE, DELETE or TRUNCATE of it fails.
-- The live definition. Change it here, then make its migration from this file:
-- `npm run db:function-migration -- veo_refuse_audit_change` (docs/ARCHITECTURE.md).
CREATE OR REPLACE FUNCTION "veo_refuse_audit_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "admin_audit_log_no_update" BEFORE UPDATE OR DELETE ON "admin_audit_log" FOR EACH ROW EXECUTE FUNCTION "veo_refuse_audit_change"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "admin_audit_log_no_truncate" BEFORE TRUNCATE ON "admin_audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "veo_refuse_audit_change"();
