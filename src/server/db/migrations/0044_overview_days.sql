CREATE TABLE "overview_credit_days" (
	"day" date NOT NULL,
	"type" text NOT NULL,
	"positive" boolean NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "overview_credit_days_pk" PRIMARY KEY("day","type","positive")
);
--> statement-breakpoint
CREATE TABLE "overview_video_costs" (
	"day" date NOT NULL,
	"model" text NOT NULL,
	"vendor" text NOT NULL,
	"duration_seconds" integer,
	"resolution" text,
	"audio" boolean,
	"videos" integer NOT NULL,
	"credits" bigint NOT NULL,
	"uhd" integer NOT NULL,
	"reported" integer NOT NULL,
	"reported_cost" numeric NOT NULL,
	CONSTRAINT "overview_video_costs_key" UNIQUE NULLS NOT DISTINCT("day","model","vendor","duration_seconds","resolution","audio")
);
--> statement-breakpoint
CREATE TABLE "overview_video_days" (
	"day" date NOT NULL,
	"model" text NOT NULL,
	"status" text NOT NULL,
	"refunded" boolean NOT NULL,
	"failure_kind" text NOT NULL,
	"videos" integer NOT NULL,
	CONSTRAINT "overview_video_days_pk" PRIMARY KEY("day","model","status","refunded","failure_kind")
);
--> statement-breakpoint
CREATE TABLE "overview_video_times" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"bucket" integer NOT NULL,
	"videos" integer NOT NULL,
	CONSTRAINT "overview_video_times_pk" PRIMARY KEY("day","kind","bucket"),
	CONSTRAINT "overview_video_times_kind_valid" CHECK ("overview_video_times"."kind" in ('video', '1080p'))
);
