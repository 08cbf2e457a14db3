CREATE TABLE "credit_lot_draws" (
	"transaction_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "credit_lot_draws_transaction_id_lot_id_pk" PRIMARY KEY("transaction_id","lot_id"),
	CONSTRAINT "credit_lot_draws_amount_positive" CHECK ("credit_lot_draws"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source_transaction_id" uuid,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_lots_amount_positive" CHECK ("credit_lots"."amount" > 0),
	CONSTRAINT "credit_lots_remaining_not_negative" CHECK ("credit_lots"."remaining" >= 0)
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_lot_draws" ADD CONSTRAINT "credit_lot_draws_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lot_draws" ADD CONSTRAINT "credit_lot_draws_lot_id_credit_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."credit_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_source_transaction_id_transactions_id_fk" FOREIGN KEY ("source_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_lot_draws_lot_idx" ON "credit_lot_draws" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "credit_lots_spendable_idx" ON "credit_lots" USING btree ("user_id","expires_at","created_at") WHERE "credit_lots"."remaining" > 0 and "credit_lots"."expired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_lots_one_per_transaction" ON "credit_lots" USING btree ("source_transaction_id");--> statement-breakpoint
-- Issue 69 (decision 0150): every balance before lots becomes one lot that never expires, so a
-- user's unexpired lots hold exactly their balance from here on; the ledger itself is unchanged.
INSERT INTO "credit_lots" ("user_id", "kind", "amount", "remaining")
SELECT "id", 'opening', "credits", "credits" FROM "users" WHERE "credits" > 0;
