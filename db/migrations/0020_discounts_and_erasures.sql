CREATE TABLE "account_erasures" (
	"id" serial PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"by" text NOT NULL,
	"actor_user_id" integer,
	"reason" text,
	"orders_kept" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"discount_code_id" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent" integer,
	"amount_cents" integer,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"min_order_cents" integer DEFAULT 0 NOT NULL,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_kind_value" CHECK (("discount_codes"."kind" = 'percent' AND "discount_codes"."percent" BETWEEN 1 AND 100 AND "discount_codes"."amount_cents" IS NULL) OR ("discount_codes"."kind" = 'fixed' AND "discount_codes"."amount_cents" > 0 AND "discount_codes"."percent" IS NULL)),
	CONSTRAINT "discount_codes_used_count" CHECK ("discount_codes"."used_count" >= 0),
	CONSTRAINT "discount_codes_limits" CHECK (coalesce("discount_codes"."max_uses", 1) > 0 AND coalesce("discount_codes"."max_uses_per_customer", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "discount_code_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "account_erasures" ADD CONSTRAINT "account_erasures_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_order_unique" ON "discount_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_idx" ON "discount_redemptions" USING btree ("discount_code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_unique" ON "discount_codes" USING btree (lower("code"));--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;