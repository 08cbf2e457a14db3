ALTER TABLE "video_files" ADD COLUMN "poster_blob_name" text;--> statement-breakpoint
ALTER TABLE "video_files" ADD COLUMN "poster_width" integer;--> statement-breakpoint
ALTER TABLE "video_files" ADD COLUMN "poster_height" integer;