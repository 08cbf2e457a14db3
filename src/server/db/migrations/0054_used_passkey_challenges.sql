CREATE TABLE "used_passkey_challenges" (
	"challenge_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "used_passkey_challenges_expires_at_idx" ON "used_passkey_challenges" USING btree ("expires_at");