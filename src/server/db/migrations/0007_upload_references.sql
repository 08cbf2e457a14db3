DROP INDEX "uploads_created_at_idx";--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "referenced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploads_unused_user_idx" ON "uploads" USING btree ("user_id") WHERE "uploads"."referenced_at" is null;--> statement-breakpoint
CREATE INDEX "uploads_unused_created_at_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."referenced_at" is null;