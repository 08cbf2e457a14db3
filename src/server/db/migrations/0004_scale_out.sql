CREATE TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_windows_reset_idx" ON "rate_limit_windows" USING btree ("reset_at");--> statement-breakpoint
-- Live events: every change a signed-in page shows is announced on the channel 'veo_events' by
-- the database itself, at commit, to every server process that listens (for the SSE streams).
-- Payload: {"u": user id, "k": "task" | "user" | "session", "t": provider task id (tasks only)}.
CREATE FUNCTION "veo_notify_task"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM pg_notify('veo_events', json_build_object('u', OLD.user_id, 'k', 'task', 't', OLD.task_id)::text);
		RETURN OLD;
	END IF;
	-- Worker bookkeeping (next check, attempts, lease) is not news; what a page shows is.
	IF TG_OP = 'INSERT' OR (OLD.status, OLD.result_urls, OLD.hd_video_url, OLD.hd_status, OLD.error_message, OLD.refunded, OLD.completed_at, OLD.credits_used)
		IS DISTINCT FROM (NEW.status, NEW.result_urls, NEW.hd_video_url, NEW.hd_status, NEW.error_message, NEW.refunded, NEW.completed_at, NEW.credits_used) THEN
		PERFORM pg_notify('veo_events', json_build_object('u', NEW.user_id, 'k', 'task', 't', NEW.task_id)::text);
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "video_tasks_notify" AFTER INSERT OR UPDATE OR DELETE ON "video_tasks" FOR EACH ROW EXECUTE FUNCTION "veo_notify_task"();
--> statement-breakpoint
CREATE FUNCTION "veo_notify_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF (OLD.credits, OLD.is_active, OLD.is_admin, OLD.password, OLD.username, OLD.email)
		IS DISTINCT FROM (NEW.credits, NEW.is_active, NEW.is_admin, NEW.password, NEW.username, NEW.email) THEN
		PERFORM pg_notify('veo_events', json_build_object('u', NEW.id, 'k', 'user')::text);
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_notify" AFTER UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION "veo_notify_user"();
--> statement-breakpoint
CREATE FUNCTION "veo_notify_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('veo_events', json_build_object('u', OLD.user_id, 'k', 'session')::text);
	RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_notify" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "veo_notify_session"();
