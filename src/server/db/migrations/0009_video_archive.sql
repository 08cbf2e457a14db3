CREATE TABLE "video_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_task_id" uuid NOT NULL,
	"quality" text NOT NULL,
	"source_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"blob_name" text,
	"size_bytes" bigint,
	"sha256" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "video_files_quality_valid" CHECK ("video_files"."quality" in ('720p', '1080p')),
	CONSTRAINT "video_files_status_valid" CHECK ("video_files"."status" in ('pending', 'archived', 'failed', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "video_expired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "video_files" ADD CONSTRAINT "video_files_video_task_id_video_tasks_id_fk" FOREIGN KEY ("video_task_id") REFERENCES "public"."video_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "video_files_task_quality_idx" ON "video_files" USING btree ("video_task_id","quality");--> statement-breakpoint
CREATE INDEX "video_files_due_idx" ON "video_files" USING btree ("next_attempt_at") WHERE "video_files"."status" = 'pending';--> statement-breakpoint
-- video_expired is part of the task view: announce it like the rest (migration 0008, decision 0031).
CREATE OR REPLACE FUNCTION "veo_notify_task"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM pg_notify('veo_events', json_build_object('u', OLD.user_id, 'k', 'task', 't', OLD.task_id)::text);
		RETURN OLD;
	END IF;
	-- Worker bookkeeping (next check, attempts, lease) and fields no page shows are not news.
	IF TG_OP = 'INSERT' OR (
		OLD.id, OLD.user_id, OLD.task_id, OLD.status, OLD.prompt, OLD.model, OLD.aspect_ratio, OLD.image_urls, OLD.result_urls,
		OLD.hd_video_url, OLD.hd_status, OLD.error_message, OLD.watermark, OLD.seeds, OLD.created_at, OLD.completed_at,
		OLD.credits_used, OLD.created_via, OLD.refunded, OLD.video_expired
	) IS DISTINCT FROM (
		NEW.id, NEW.user_id, NEW.task_id, NEW.status, NEW.prompt, NEW.model, NEW.aspect_ratio, NEW.image_urls, NEW.result_urls,
		NEW.hd_video_url, NEW.hd_status, NEW.error_message, NEW.watermark, NEW.seeds, NEW.created_at, NEW.completed_at,
		NEW.credits_used, NEW.created_via, NEW.refunded, NEW.video_expired
	) THEN
		PERFORM pg_notify('veo_events', json_build_object('u', NEW.user_id, 'k', 'task', 't', NEW.task_id)::text);
		IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
			PERFORM pg_notify('veo_events', json_build_object('u', OLD.user_id, 'k', 'task', 't', OLD.task_id)::text);
		END IF;
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
-- Backfill: every finished video made before this version is queued for the archive job.
INSERT INTO "video_files" ("video_task_id", "quality", "source_url")
SELECT "id", '720p', "result_urls"[1] FROM "video_tasks"
WHERE "status" = 'completed' AND "result_urls"[1] IS NOT NULL AND "result_urls"[1] NOT LIKE '/media/videos/%'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "video_files" ("video_task_id", "quality", "source_url")
SELECT "id", '1080p', "hd_video_url" FROM "video_tasks"
WHERE "status" = 'completed' AND "hd_video_url" IS NOT NULL AND "hd_video_url" NOT LIKE '/media/videos/%'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A finished video's files are queued for the archive job (decision 0043) whichever path finished
-- it (the worker, a callback, a person asking for 1080p, the admin re-check), in the same
-- statement. Our own URLs (/media/videos/...) are copies already; an archived file stays archived.
CREATE OR REPLACE FUNCTION "veo_queue_video_files"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.status = 'completed' AND NEW.result_urls[1] IS NOT NULL AND NEW.result_urls[1] NOT LIKE '/media/videos/%'
		AND (TG_OP = 'INSERT' OR NEW.result_urls IS DISTINCT FROM OLD.result_urls OR OLD.status IS DISTINCT FROM 'completed') THEN
		INSERT INTO "video_files" ("video_task_id", "quality", "source_url") VALUES (NEW.id, '720p', NEW.result_urls[1])
		ON CONFLICT ("video_task_id", "quality") DO UPDATE
			SET "source_url" = excluded."source_url", "status" = 'pending', "attempts" = 0, "next_attempt_at" = now(), "last_error" = NULL
			WHERE "video_files"."status" <> 'archived';
	END IF;
	IF NEW.hd_video_url IS NOT NULL AND NEW.hd_video_url NOT LIKE '/media/videos/%'
		AND (TG_OP = 'INSERT' OR NEW.hd_video_url IS DISTINCT FROM OLD.hd_video_url) THEN
		INSERT INTO "video_files" ("video_task_id", "quality", "source_url") VALUES (NEW.id, '1080p', NEW.hd_video_url)
		ON CONFLICT ("video_task_id", "quality") DO UPDATE
			SET "source_url" = excluded."source_url", "status" = 'pending', "attempts" = 0, "next_attempt_at" = now(), "last_error" = NULL
			WHERE "video_files"."status" <> 'archived';
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "veo_video_files_queue" AFTER INSERT OR UPDATE OF "status", "result_urls", "hd_video_url" ON "video_tasks"
	FOR EACH ROW EXECUTE FUNCTION "veo_queue_video_files"();
