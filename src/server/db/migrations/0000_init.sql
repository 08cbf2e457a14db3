CREATE TABLE "admin_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"kie_token" text,
	"paypal_client_id" text,
	"paypal_client_secret" text,
	"paypal_environment" text DEFAULT 'sandbox' NOT NULL,
	"paypal_enabled" boolean DEFAULT false NOT NULL,
	"creem_api_key" text,
	"creem_environment" text DEFAULT 'test' NOT NULL,
	"creem_webhook_secret" text,
	"creem_enabled" boolean DEFAULT false NOT NULL,
	"google_client_id" text,
	"google_client_secret" text,
	"google_redirect_uri" text,
	"google_auth_enabled" boolean DEFAULT false NOT NULL,
	"veo3_credits" integer DEFAULT 5 NOT NULL,
	"veo3_fast_credits" integer DEFAULT 1 NOT NULL,
	"veo3_api_price" numeric(10, 2) DEFAULT '10' NOT NULL,
	"veo3_fast_api_price" numeric(10, 2) DEFAULT '2' NOT NULL,
	"telegram_bot_token" text,
	"telegram_chat_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_settings_singleton" CHECK ("admin_settings"."id" = 1),
	CONSTRAINT "admin_settings_paypal_environment_valid" CHECK ("admin_settings"."paypal_environment" in ('sandbox', 'production')),
	CONSTRAINT "admin_settings_creem_environment_valid" CHECK ("admin_settings"."creem_environment" in ('test', 'prod'))
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"token_masked" text NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used" timestamp with time zone,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "credit_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"credits" integer NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"creem_product_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_packages_credits_positive" CHECK ("credit_packages"."credits" > 0)
);
--> statement-breakpoint
CREATE TABLE "kie_apis" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"token_encrypted" text NOT NULL,
	"token_hash" text NOT NULL,
	"total_credits" integer DEFAULT 1000 NOT NULL,
	"veo3_quality_credits" integer DEFAULT 400 NOT NULL,
	"veo3_fast_credits" integer DEFAULT 80 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"last_used" timestamp with time zone,
	"total_usage" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kie_apis_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"description" text,
	"video_task_id" uuid,
	"kie_task_id" text,
	"package_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_type_valid" CHECK ("transactions"."type" in ('purchase', 'refund', 'usage', 'adjustment'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"email" text,
	"google_id" text,
	"credits" integer DEFAULT 0 NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_google_id_unique" UNIQUE("google_id"),
	CONSTRAINT "users_credits_non_negative" CHECK ("users"."credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "video_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"task_id" text NOT NULL,
	"prompt" text NOT NULL,
	"image_urls" text[],
	"model" text NOT NULL,
	"aspect_ratio" text NOT NULL,
	"watermark" text,
	"seeds" integer,
	"enable_fallback" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'generating' NOT NULL,
	"result_urls" text[],
	"hd_video_url" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"credits_used" integer DEFAULT 1 NOT NULL,
	"created_via" text DEFAULT 'web' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"refunded" boolean DEFAULT false NOT NULL,
	"refunded_at" timestamp with time zone,
	"kie_api_id" uuid,
	CONSTRAINT "video_tasks_task_id_unique" UNIQUE("task_id"),
	CONSTRAINT "video_tasks_created_via_valid" CHECK ("video_tasks"."created_via" in ('web', 'api'))
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_video_task_id_video_tasks_id_fk" FOREIGN KEY ("video_task_id") REFERENCES "public"."video_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_package_id_credit_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."credit_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_kie_api_id_kie_apis_id_fk" FOREIGN KEY ("kie_api_id") REFERENCES "public"."kie_apis"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_user_id_idx" ON "api_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "transactions_user_created_idx" ON "transactions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_refund_per_task" ON "transactions" USING btree ("kie_task_id") WHERE "transactions"."type" = 'refund';--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "video_tasks_user_created_idx" ON "video_tasks" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_tasks_status_idx" ON "video_tasks" USING btree ("status");