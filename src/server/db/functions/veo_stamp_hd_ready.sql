-- Stamps video_tasks.hd_ready_at when the 1080p version becomes ready: the admin overview's time
-- to 1080p (decision 0053).
-- The live definition. Change it here, then make its migration from this file:
-- `npm run db:function-migration -- veo_stamp_hd_ready` (docs/ARCHITECTURE.md).
CREATE OR REPLACE FUNCTION "veo_stamp_hd_ready"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."hd_status" = 'ready' AND OLD."hd_status" IS DISTINCT FROM 'ready' THEN
    NEW."hd_ready_at" := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "video_tasks_stamp_hd_ready" BEFORE UPDATE OF "hd_status" ON "video_tasks" FOR EACH ROW EXECUTE FUNCTION "veo_stamp_hd_ready"();
