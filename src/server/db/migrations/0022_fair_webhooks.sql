-- Fair webhook delivery (decision 0062): a delivery's destination host and its claim's lease, so
-- requests in flight can be counted per endpoint and per host; an endpoint's timeout streak and
-- pause. Pending deliveries get their host from their URL (a callback's own, else the endpoint's).
ALTER TABLE "webhook_deliveries" ADD COLUMN "host" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "timeout_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_leased_idx" ON "webhook_deliveries" USING btree ("leased_until") WHERE "webhook_deliveries"."leased_until" is not null;--> statement-breakpoint
UPDATE "webhook_deliveries" d SET "host" = lower(substring(coalesce(d."url", e."url") from '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^/?#@]*@)?(\[[^]]*\]|[^/?#:]*)'))
FROM "webhook_endpoints" e WHERE e."id" = d."endpoint_id" AND d."status" = 'pending';