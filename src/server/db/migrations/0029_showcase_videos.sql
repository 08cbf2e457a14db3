CREATE TABLE "showcase_videos" (
	"video_task_id" uuid PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"caption" text,
	"share_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "showcase_videos" ADD CONSTRAINT "showcase_videos_video_task_id_video_tasks_id_fk" FOREIGN KEY ("video_task_id") REFERENCES "public"."video_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "showcase_videos_position_idx" ON "showcase_videos" USING btree ("position");