ALTER TABLE "overview_video_costs" DROP CONSTRAINT "overview_video_costs_key";--> statement-breakpoint
ALTER TABLE "overview_credit_days" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "overview_video_costs" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "overview_video_days" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "overview_video_times" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "overview_credit_days" DROP CONSTRAINT "overview_credit_days_pk";
--> statement-breakpoint
ALTER TABLE "overview_credit_days" ADD CONSTRAINT "overview_credit_days_pk" PRIMARY KEY("day","type","positive","slot");--> statement-breakpoint
ALTER TABLE "overview_video_days" DROP CONSTRAINT "overview_video_days_pk";
--> statement-breakpoint
ALTER TABLE "overview_video_days" ADD CONSTRAINT "overview_video_days_pk" PRIMARY KEY("day","model","status","refunded","failure_kind","slot");--> statement-breakpoint
ALTER TABLE "overview_video_times" DROP CONSTRAINT "overview_video_times_pk";
--> statement-breakpoint
ALTER TABLE "overview_video_times" ADD CONSTRAINT "overview_video_times_pk" PRIMARY KEY("day","kind","bucket","slot");--> statement-breakpoint
ALTER TABLE "overview_video_costs" ADD CONSTRAINT "overview_video_costs_key" UNIQUE NULLS NOT DISTINCT("day","model","vendor","duration_seconds","resolution","audio","slot");