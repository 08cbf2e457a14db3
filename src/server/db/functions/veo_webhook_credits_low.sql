-- Webhook events (decision 0047): a balance falling below the user's low_credits_threshold writes
-- a credits.low webhook_events row (when an endpoint subscribed) and announces {"k": "webhook"}
-- on 'veo_events'; the webhook sender (jobs/webhook-sender.ts) wakes and delivers it.
-- The live definition. Change it here, then make its migration from this file:
-- `npm run db:function-migration -- veo_webhook_credits_low` (docs/ARCHITECTURE.md).
CREATE OR REPLACE FUNCTION "veo_webhook_credits_low"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.low_credits_threshold IS NOT NULL AND NEW.credits < NEW.low_credits_threshold AND OLD.credits >= NEW.low_credits_threshold
		AND EXISTS (SELECT 1 FROM "webhook_endpoints" e
			WHERE e.user_id = NEW.id AND e.kind = 'endpoint' AND e.enabled AND 'credits.low' = ANY (e.event_types)) THEN
		INSERT INTO "webhook_events" ("id", "user_id", "type", "data")
		VALUES ('msg_' || replace(gen_random_uuid()::text, '-', ''), NEW.id, 'credits.low',
			jsonb_build_object('credits', NEW.credits, 'threshold', NEW.low_credits_threshold));
		PERFORM pg_notify('veo_events', '{"k":"webhook"}');
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "users_webhook_credits_low" AFTER UPDATE OF "credits" ON "users"
	FOR EACH ROW EXECUTE FUNCTION "veo_webhook_credits_low"();
