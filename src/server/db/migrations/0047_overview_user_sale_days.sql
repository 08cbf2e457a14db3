CREATE TABLE "overview_sale_days" (
	"day" date NOT NULL,
	"provider" text NOT NULL,
	"currency" text NOT NULL,
	"orders" integer NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "overview_sale_days_pk" PRIMARY KEY("day","provider","currency")
);
--> statement-breakpoint
CREATE TABLE "overview_user_days" (
	"day" date NOT NULL,
	"signup_method" text NOT NULL,
	"users" integer NOT NULL,
	CONSTRAINT "overview_user_days_pk" PRIMARY KEY("day","signup_method")
);
