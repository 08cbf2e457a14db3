CREATE TABLE "vendor_model_checks" (
	"model" text NOT NULL,
	"vendor" text NOT NULL,
	"vendor_model_id" text NOT NULL,
	"check_status" text NOT NULL,
	"check_message" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_model_checks_pk" PRIMARY KEY("model","vendor"),
	CONSTRAINT "vendor_model_checks_status_valid" CHECK ("vendor_model_checks"."check_status" in ('ok', 'gone', 'error', 'unchecked'))
);
--> statement-breakpoint
CREATE TABLE "vendor_model_mappings" (
	"model" text NOT NULL,
	"vendor" text NOT NULL,
	"vendor_model_id" text,
	"deprecated_at" timestamp with time zone,
	"deactivated_at" timestamp with time zone,
	"reason" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_model_mappings_pk" PRIMARY KEY("model","vendor"),
	CONSTRAINT "vendor_model_mappings_vendor_valid" CHECK ("vendor_model_mappings"."vendor" in ('kie', 'google'))
);
--> statement-breakpoint
-- Each generation reads the mappings through the settings cache: a change announces itself (0005).
CREATE TRIGGER "vendor_model_mappings_notify" AFTER INSERT OR UPDATE OR DELETE ON "vendor_model_mappings" FOR EACH STATEMENT EXECUTE FUNCTION "veo_notify_settings"();
--> statement-breakpoint
CREATE TRIGGER "vendor_model_checks_notify" AFTER INSERT OR UPDATE OR DELETE ON "vendor_model_checks" FOR EACH STATEMENT EXECUTE FUNCTION "veo_notify_settings"();
