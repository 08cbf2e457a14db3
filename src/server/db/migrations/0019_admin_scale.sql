-- Admin at scale (decisions 0052, 0053): the user list's counter, sort indexes and trigram search;
-- sessions' address and browser; the time 1080p became ready; the append-only audit log.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it; PGlite loads it (db/connect.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "admin_audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admin_id" uuid,
	"admin_username" text NOT NULL,
	"ip" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"target_label" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "video_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "hd_ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "admin_audit_log_action_idx" ON "admin_audit_log" USING btree ("action","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "admin_audit_log_admin_idx" ON "admin_audit_log" USING btree ("admin_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" USING btree ("target_type","target_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_orders_completed_idx" ON "payment_orders" USING btree ("completed_at") WHERE "payment_orders"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_credits_idx" ON "users" USING btree ("credits" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_video_count_idx" ON "users" USING btree ("video_count" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin (lower("username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "video_tasks_created_idx" ON "video_tasks" USING btree ("created_at","model","status","refunded","completed_at","hd_ready_at");--> statement-breakpoint
CREATE INDEX "transactions_overview_idx" ON "transactions" USING btree ("created_at","type","amount");--> statement-breakpoint
UPDATE "users" SET "video_count" = c.n FROM (SELECT "user_id", count(*)::int AS n FROM "video_tasks" GROUP BY "user_id") AS c WHERE c."user_id" = "users"."id";--> statement-breakpoint
CREATE FUNCTION veo_count_user_videos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "users" SET "video_count" = "video_count" + 1 WHERE "id" = NEW."user_id";
  ELSE
    UPDATE "users" SET "video_count" = "video_count" - 1 WHERE "id" = OLD."user_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "video_tasks_count_user_videos" AFTER INSERT OR DELETE ON "video_tasks" FOR EACH ROW EXECUTE FUNCTION veo_count_user_videos();--> statement-breakpoint
UPDATE "video_tasks" SET "hd_ready_at" = coalesce("completed_at", "created_at") WHERE "hd_status" = 'ready';--> statement-breakpoint
CREATE FUNCTION veo_stamp_hd_ready() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."hd_status" = 'ready' AND OLD."hd_status" IS DISTINCT FROM 'ready' THEN
    NEW."hd_ready_at" := now();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "video_tasks_stamp_hd_ready" BEFORE UPDATE OF "hd_status" ON "video_tasks" FOR EACH ROW EXECUTE FUNCTION veo_stamp_hd_ready();--> statement-breakpoint
CREATE FUNCTION veo_refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "admin_audit_log_no_update" BEFORE UPDATE OR DELETE ON "admin_audit_log" FOR EACH ROW EXECUTE FUNCTION veo_refuse_audit_change();--> statement-breakpoint
CREATE TRIGGER "admin_audit_log_no_truncate" BEFORE TRUNCATE ON "admin_audit_log" FOR EACH STATEMENT EXECUTE FUNCTION veo_refuse_audit_change();