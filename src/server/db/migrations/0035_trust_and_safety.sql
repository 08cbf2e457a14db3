CREATE TABLE "moderation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"source" text NOT NULL,
	"field" text NOT NULL,
	"text" text NOT NULL,
	"screener" text NOT NULL,
	"decision" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	CONSTRAINT "moderation_events_source_valid" CHECK ("moderation_events"."source" in ('web', 'api')),
	CONSTRAINT "moderation_events_field_valid" CHECK ("moderation_events"."field" in ('prompt', 'watermark')),
	CONSTRAINT "moderation_events_decision_valid" CHECK ("moderation_events"."decision" in ('allow', 'flag', 'deny', 'unavailable')),
	CONSTRAINT "moderation_events_outcome_valid" CHECK ("moderation_events"."outcome" in ('allowed', 'refused', 'review'))
);
--> statement-breakpoint
CREATE TABLE "passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "passkeys_credential_id_unique" UNIQUE("credential_id")
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_second_factors" (
	"session_id" text PRIMARY KEY NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "totp_credentials" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "moderation_creem_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "moderation_flag_action" text DEFAULT 'refuse' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "moderation_unreachable_action" text DEFAULT 'refuse' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "moderation_rules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "moderation_refusals_flag" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "turnstile_site_key" text;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "turnstile_secret" text;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "email_domains_allowed" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "email_domains_blocked" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "require_admin_second_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "max_videos_in_flight" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_method" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "max_videos_in_flight" integer;--> statement-breakpoint
ALTER TABLE "moderation_events" ADD CONSTRAINT "moderation_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_events" ADD CONSTRAINT "moderation_events_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_second_factors" ADD CONSTRAINT "session_second_factors_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "totp_credentials" ADD CONSTRAINT "totp_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_events_created_idx" ON "moderation_events" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_events_user_idx" ON "moderation_events" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_events_review_idx" ON "moderation_events" USING btree ("created_at") WHERE "moderation_events"."outcome" = 'review' and "moderation_events"."reviewed_at" is null;--> statement-breakpoint
CREATE INDEX "passkeys_user_idx" ON "passkeys" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_user_code_key" ON "recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
ALTER TABLE "admin_settings" ADD CONSTRAINT "admin_settings_moderation_flag_action_valid" CHECK ("admin_settings"."moderation_flag_action" in ('refuse', 'review'));--> statement-breakpoint
ALTER TABLE "admin_settings" ADD CONSTRAINT "admin_settings_moderation_unreachable_action_valid" CHECK ("admin_settings"."moderation_unreachable_action" in ('refuse', 'review'));--> statement-breakpoint
ALTER TABLE "admin_settings" ADD CONSTRAINT "admin_settings_moderation_refusals_flag_valid" CHECK ("admin_settings"."moderation_refusals_flag" between 1 and 1000);--> statement-breakpoint
ALTER TABLE "admin_settings" ADD CONSTRAINT "admin_settings_max_videos_in_flight_valid" CHECK ("admin_settings"."max_videos_in_flight" between 1 and 1000);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_signup_method_valid" CHECK ("users"."signup_method" in ('password', 'google', 'admin'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_max_videos_in_flight_valid" CHECK ("users"."max_videos_in_flight" between 1 and 1000);