ALTER TABLE "kie_apis" DROP COLUMN "veo3_quality_credits";--> statement-breakpoint
ALTER TABLE "kie_apis" DROP COLUMN "veo3_fast_credits";--> statement-breakpoint
ALTER TABLE "kie_apis" DROP COLUMN "veo3_lite_credits";