ALTER TABLE "account_tokens" DROP CONSTRAINT "account_tokens_purpose_valid";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_purpose_valid" CHECK ("account_tokens"."purpose" in ('password_reset', 'verify_email', 'change_email', 'cancel_email_change'));