-- Widen (decision 0142): kie_apis becomes vendor_accounts and video_tasks.kie_api_id becomes
-- vendor_account_id, while the previous release's code, still running during a deploy, keeps
-- working: an updatable view named kie_apis, and the old column kept equal to the new one by a
-- trigger. 0057_vendor_accounts_narrow drops both.
ALTER TABLE "kie_apis" RENAME TO "vendor_accounts";--> statement-breakpoint
ALTER TABLE "vendor_accounts" RENAME CONSTRAINT "kie_apis_pkey" TO "vendor_accounts_pkey";--> statement-breakpoint
ALTER TABLE "vendor_accounts" RENAME CONSTRAINT "kie_apis_token_hash_unique" TO "vendor_accounts_token_hash_unique";--> statement-breakpoint
ALTER TABLE "vendor_accounts" RENAME CONSTRAINT "kie_apis_vendor_valid" TO "vendor_accounts_vendor_valid";--> statement-breakpoint
ALTER TRIGGER "kie_apis_notify" ON "vendor_accounts" RENAME TO "vendor_accounts_notify";--> statement-breakpoint
CREATE VIEW "kie_apis" AS SELECT * FROM "vendor_accounts";--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "vendor_account_id" uuid;--> statement-breakpoint
UPDATE "video_tasks" SET "vendor_account_id" = "kie_api_id" WHERE "kie_api_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_vendor_account_id_vendor_accounts_id_fk" FOREIGN KEY ("vendor_account_id") REFERENCES "public"."vendor_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Whichever name a writer sets, both columns end equal; the new one wins when both change.
CREATE FUNCTION "veo_vendor_account_id_compat"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		NEW.vendor_account_id := coalesce(NEW.vendor_account_id, NEW.kie_api_id);
	ELSIF NEW.vendor_account_id IS NOT DISTINCT FROM OLD.vendor_account_id
		AND NEW.kie_api_id IS DISTINCT FROM OLD.kie_api_id THEN
		NEW.vendor_account_id := NEW.kie_api_id;
	END IF;
	NEW.kie_api_id := NEW.vendor_account_id;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "video_tasks_vendor_account_id_compat" BEFORE INSERT OR UPDATE OF "kie_api_id", "vendor_account_id" ON "video_tasks" FOR EACH ROW EXECUTE FUNCTION "veo_vendor_account_id_compat"();
