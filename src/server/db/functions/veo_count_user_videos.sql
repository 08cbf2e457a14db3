-- Keeps users.video_count (every video_tasks row of the user, deleted ones too) so the admin's user
-- list can sort by it (decision 0052).
-- The live definition. Change it here, then make its migration from this file:
-- `npm run db:function-migration -- veo_count_user_videos` (docs/ARCHITECTURE.md).
CREATE OR REPLACE FUNCTION "veo_count_user_videos"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "users" SET "video_count" = "video_count" + 1 WHERE "id" = NEW."user_id";
  ELSE
    UPDATE "users" SET "video_count" = "video_count" - 1 WHERE "id" = OLD."user_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "video_tasks_count_user_videos" AFTER INSERT OR DELETE ON "video_tasks" FOR EACH ROW EXECUTE FUNCTION "veo_count_user_videos"();
