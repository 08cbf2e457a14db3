CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" text NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"url" text,
	"payload" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_valid" CHECK ("webhook_deliveries"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text DEFAULT 'endpoint' NOT NULL,
	"url" text,
	"description" text DEFAULT '' NOT NULL,
	"event_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"secret_encrypted" text NOT NULL,
	"previous_secret_encrypted" text,
	"previous_secret_until" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_kind_valid" CHECK ("webhook_endpoints"."kind" in ('endpoint', 'callbacks')),
	CONSTRAINT "webhook_endpoints_url_valid" CHECK (("webhook_endpoints"."kind" = 'endpoint') = ("webhook_endpoints"."url" is not null))
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"video_task_id" uuid,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fanned_out_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "low_credits_threshold" integer;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "callback_url" text;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_video_task_id_video_tasks_id_fk" FOREIGN KEY ("video_task_id") REFERENCES "public"."video_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_idx" ON "webhook_attempts" USING btree ("endpoint_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_endpoint_key" ON "webhook_deliveries" USING btree ("event_id","endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_user_idx" ON "webhook_endpoints" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_callbacks_key" ON "webhook_endpoints" USING btree ("user_id") WHERE "webhook_endpoints"."kind" = 'callbacks';--> statement-breakpoint
CREATE INDEX "webhook_events_unfanned_idx" ON "webhook_events" USING btree ("created_at") WHERE "webhook_events"."fanned_out_at" is null;--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_low_credits_threshold_valid" CHECK ("users"."low_credits_threshold" between 1 and 1000000);--> statement-breakpoint
-- Webhook events (decision 0047), written in the same transaction as the change that causes them,
-- and only for people who will receive them (an enabled endpoint for the type, or the task's callbackUrl).
CREATE OR REPLACE FUNCTION "veo_webhook_task_events"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	finished text;
BEGIN
	IF NEW.status = 'completed' AND OLD.status IS DISTINCT FROM 'completed' THEN
		finished := 'video.completed';
	ELSIF NEW.status = 'failed' AND OLD.status IS DISTINCT FROM 'failed' THEN
		finished := 'video.failed';
	END IF;
	IF finished IS NOT NULL AND (NEW.callback_url IS NOT NULL OR EXISTS (
		SELECT 1 FROM "webhook_endpoints" e
		WHERE e.user_id = NEW.user_id AND e.kind = 'endpoint' AND e.enabled AND finished = ANY (e.event_types))) THEN
		INSERT INTO "webhook_events" ("id", "user_id", "type", "video_task_id")
		VALUES ('msg_' || replace(gen_random_uuid()::text, '-', ''), NEW.user_id, finished, NEW.id);
	END IF;
	IF NEW.hd_status = 'ready' AND OLD.hd_status IS DISTINCT FROM 'ready' AND EXISTS (
		SELECT 1 FROM "webhook_endpoints" e
		WHERE e.user_id = NEW.user_id AND e.kind = 'endpoint' AND e.enabled AND 'video.hd_ready' = ANY (e.event_types)) THEN
		INSERT INTO "webhook_events" ("id", "user_id", "type", "video_task_id")
		VALUES ('msg_' || replace(gen_random_uuid()::text, '-', ''), NEW.user_id, 'video.hd_ready', NEW.id);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "video_tasks_webhook_events" AFTER UPDATE OF "status", "hd_status" ON "video_tasks"
	FOR EACH ROW EXECUTE FUNCTION "veo_webhook_task_events"();--> statement-breakpoint
-- credits.low: when a balance crosses below the person's threshold (not on every change below it).
CREATE OR REPLACE FUNCTION "veo_webhook_credits_low"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.low_credits_threshold IS NOT NULL AND NEW.credits < NEW.low_credits_threshold AND OLD.credits >= NEW.low_credits_threshold
		AND EXISTS (SELECT 1 FROM "webhook_endpoints" e
			WHERE e.user_id = NEW.id AND e.kind = 'endpoint' AND e.enabled AND 'credits.low' = ANY (e.event_types)) THEN
		INSERT INTO "webhook_events" ("id", "user_id", "type", "data")
		VALUES ('msg_' || replace(gen_random_uuid()::text, '-', ''), NEW.id, 'credits.low',
			jsonb_build_object('credits', NEW.credits, 'threshold', NEW.low_credits_threshold));
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_webhook_credits_low" AFTER UPDATE OF "credits" ON "users"
	FOR EACH ROW EXECUTE FUNCTION "veo_webhook_credits_low"();
