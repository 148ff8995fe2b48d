CREATE TABLE "tax_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"oss_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_settings_single_row" CHECK ("tax_settings"."id" = 1)
);
