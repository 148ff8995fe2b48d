CREATE TABLE "seller_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text,
	"street" text,
	"postal_code" text,
	"city" text,
	"country" text,
	"email" text,
	"phone" text,
	"vat_id" text,
	"tax_number" text,
	"representative" text,
	"register" text,
	"bank_name" text,
	"iban" text,
	"bic" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_settings_single_row" CHECK ("seller_settings"."id" = 1)
);
