CREATE TABLE "legal_texts" (
	"page" text NOT NULL,
	"locale" text NOT NULL,
	"markdown" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_texts_page_locale_pk" PRIMARY KEY("page","locale"),
	CONSTRAINT "legal_texts_page_valid" CHECK ("legal_texts"."page" in ('terms', 'privacy', 'refunds')),
	CONSTRAINT "legal_texts_locale_valid" CHECK ("legal_texts"."locale" in ('en', 'vi'))
);
