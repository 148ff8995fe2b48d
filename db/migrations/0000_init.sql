CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"street1" text NOT NULL,
	"street2" text,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"country_code" char(2) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" char(2) PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_de" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"roles" text[] DEFAULT ARRAY['customer']::text[] NOT NULL,
	"session_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_price_calculations" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"purchase_price_cents" integer DEFAULT 0 NOT NULL,
	"purchase_cost_cents" integer DEFAULT 0 NOT NULL,
	"purchase_cost_percent" numeric(7, 3) DEFAULT 0 NOT NULL,
	"purchase_total_cents" integer DEFAULT 0 NOT NULL,
	"purchase_price_mode" text DEFAULT 'NET' NOT NULL,
	"purchase_vat_rate_id" integer,
	"purchase_price_unit" text DEFAULT 'UNIT' NOT NULL,
	"purchase_units_per_package" integer DEFAULT 1 NOT NULL,
	"sales_margin_cents" integer DEFAULT 0 NOT NULL,
	"sales_margin_percent" numeric(7, 3) DEFAULT 0 NOT NULL,
	"sales_total_cents" integer DEFAULT 0 NOT NULL,
	"sales_price_mode" text DEFAULT 'GROSS' NOT NULL,
	"sales_vat_rate_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_subcategories" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"short_description" text,
	"long_description" text,
	"active" boolean DEFAULT true NOT NULL,
	"article_number" text,
	"category_id" integer NOT NULL,
	"subcategory_id" integer,
	"supplier_id" integer,
	"supplier_article_name" text,
	"supplier_article_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mug_details" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"height_mm" numeric(8, 2) NOT NULL,
	"diameter_mm" numeric(8, 2) NOT NULL,
	"filling_quantity_ml" integer NOT NULL,
	"dishwasher_safe" boolean DEFAULT true NOT NULL,
	"print_template_width_mm" numeric(8, 2) NOT NULL,
	"print_template_height_mm" numeric(8, 2) NOT NULL,
	"document_width_mm" numeric(8, 2) NOT NULL,
	"document_height_mm" numeric(8, 2) NOT NULL,
	"document_bottom_margin_mm" numeric(8, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "mug_document_positive" CHECK ("mug_details"."document_width_mm" > 0 AND "mug_details"."document_height_mm" > 0),
	CONSTRAINT "mug_document_wider" CHECK ("mug_details"."document_width_mm" > "mug_details"."print_template_width_mm"),
	CONSTRAINT "mug_document_higher" CHECK ("mug_details"."document_height_mm" > "mug_details"."print_template_height_mm"),
	CONSTRAINT "mug_bottom_margin_range" CHECK ("mug_details"."document_bottom_margin_mm" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "mug_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"name" text NOT NULL,
	"article_variant_number" text,
	"inside_color_code" varchar(7) NOT NULL,
	"outside_color_code" varchar(7) NOT NULL,
	"example_image_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shirt_details" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"material" text NOT NULL,
	"care_instructions" text,
	"fit_type" text DEFAULT 'REGULAR' NOT NULL,
	"available_sizes" text[] DEFAULT ARRAY[]::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shirt_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"color" text NOT NULL,
	"size" text NOT NULL,
	"example_image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"website" text,
	"title" text,
	"first_name" text,
	"last_name" text,
	"email" text,
	"street" text,
	"house_number" text,
	"city" text,
	"postal_code" text,
	"country_code" char(2),
	"phone1" text,
	"phone2" text,
	"phone3" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"percent" numeric(6, 3) NOT NULL,
	"description" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vat_rates_percent_positive" CHECK ("vat_rates"."percent" > 0)
);
--> statement-breakpoint
CREATE TABLE "generations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"prompt_id" integer,
	"ai_model_id" integer,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"source_image_id" integer,
	"prompt_text" text NOT NULL,
	"settings" jsonb,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"cost_micro_cents" integer,
	"error_message" text
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"type" text NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"crop_x" integer,
	"crop_y" integer,
	"crop_width" integer,
	"crop_height" integer,
	"source_image_id" integer,
	"prompt_id" integer,
	"generation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_catalogue_has_no_owner" CHECK (("images"."type" = 'CATALOGUE') = ("images"."owner_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "ai_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"model_id" text NOT NULL,
	"display_name" text NOT NULL,
	"capabilities" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompt_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompt_slot_variants" (
	"prompt_id" integer NOT NULL,
	"slot_variant_id" integer NOT NULL,
	CONSTRAINT "prompt_slot_variants_prompt_id_slot_variant_id_pk" PRIMARY KEY("prompt_id","slot_variant_id")
);
--> statement-breakpoint
CREATE TABLE "prompt_subcategories" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"prompt_number" text,
	"category_id" integer NOT NULL,
	"subcategory_id" integer,
	"style_text" text DEFAULT '' NOT NULL,
	"llm_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"example_image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slot_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slot_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"llm_id" integer NOT NULL,
	"prompt" text NOT NULL,
	"description" text,
	"example_image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"mug_variant_id" integer,
	"shirt_variant_id" integer,
	"image_id" integer,
	"prompt_id" integer,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"earlier_unit_price_cents" integer,
	"prompt_price_cents" integer DEFAULT 0 NOT NULL,
	"vat_percent" numeric(6, 3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_range" CHECK ("cart_items"."quantity" BETWEEN 1 AND 99)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"street1" text NOT NULL,
	"street2" text,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"country_code" char(2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"article_id" integer,
	"mug_variant_id" integer,
	"shirt_variant_id" integer,
	"image_id" integer,
	"prompt_id" integer,
	"article_name" text NOT NULL,
	"variant_name" text,
	"colour" text,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"vat_percent" numeric(6, 3) NOT NULL,
	"total_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"currency" char(3) DEFAULT 'EUR' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"status" text DEFAULT 'requires_payment' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" char(3) DEFAULT 'EUR' NOT NULL,
	"idempotency_key" text NOT NULL,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outgoing_mail" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_price_calculations" ADD CONSTRAINT "article_price_calculations_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_price_calculations" ADD CONSTRAINT "article_price_calculations_purchase_vat_rate_id_vat_rates_id_fk" FOREIGN KEY ("purchase_vat_rate_id") REFERENCES "public"."vat_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_price_calculations" ADD CONSTRAINT "article_price_calculations_sales_vat_rate_id_vat_rates_id_fk" FOREIGN KEY ("sales_vat_rate_id") REFERENCES "public"."vat_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_subcategories" ADD CONSTRAINT "article_subcategories_category_id_article_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."article_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_category_id_article_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."article_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_subcategory_id_article_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."article_subcategories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mug_details" ADD CONSTRAINT "mug_details_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mug_variants" ADD CONSTRAINT "mug_variants_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mug_variants" ADD CONSTRAINT "mug_variants_example_image_id_images_id_fk" FOREIGN KEY ("example_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shirt_details" ADD CONSTRAINT "shirt_details_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shirt_variants" ADD CONSTRAINT "shirt_variants_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shirt_variants" ADD CONSTRAINT "shirt_variants_example_image_id_images_id_fk" FOREIGN KEY ("example_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_ai_model_id_ai_models_id_fk" FOREIGN KEY ("ai_model_id") REFERENCES "public"."ai_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_source_image_id_images_id_fk" FOREIGN KEY ("source_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_slot_variants" ADD CONSTRAINT "prompt_slot_variants_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_slot_variants" ADD CONSTRAINT "prompt_slot_variants_slot_variant_id_slot_variants_id_fk" FOREIGN KEY ("slot_variant_id") REFERENCES "public"."slot_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_subcategories" ADD CONSTRAINT "prompt_subcategories_category_id_prompt_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."prompt_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_category_id_prompt_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."prompt_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_subcategory_id_prompt_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."prompt_subcategories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_llm_id_ai_models_id_fk" FOREIGN KEY ("llm_id") REFERENCES "public"."ai_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_example_image_id_images_id_fk" FOREIGN KEY ("example_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_variants" ADD CONSTRAINT "slot_variants_slot_type_id_slot_types_id_fk" FOREIGN KEY ("slot_type_id") REFERENCES "public"."slot_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_variants" ADD CONSTRAINT "slot_variants_llm_id_ai_models_id_fk" FOREIGN KEY ("llm_id") REFERENCES "public"."ai_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_variants" ADD CONSTRAINT "slot_variants_example_image_id_images_id_fk" FOREIGN KEY ("example_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_mug_variant_id_mug_variants_id_fk" FOREIGN KEY ("mug_variant_id") REFERENCES "public"."mug_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_shirt_variant_id_shirt_variants_id_fk" FOREIGN KEY ("shirt_variant_id") REFERENCES "public"."shirt_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_addresses" ADD CONSTRAINT "order_addresses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_mug_variant_id_mug_variants_id_fk" FOREIGN KEY ("mug_variant_id") REFERENCES "public"."mug_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_shirt_variant_id_shirt_variants_id_fk" FOREIGN KEY ("shirt_variant_id") REFERENCES "public"."shirt_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_account_unique" ON "users" USING btree ("email") WHERE "users"."password_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "article_subcategories_category_idx" ON "article_subcategories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_article_number_unique" ON "articles" USING btree ("article_number");--> statement-breakpoint
CREATE INDEX "articles_type_active_idx" ON "articles" USING btree ("type","active");--> statement-breakpoint
CREATE UNIQUE INDEX "mug_variants_article_name_unique" ON "mug_variants" USING btree ("article_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "mug_variants_one_default" ON "mug_variants" USING btree ("article_id") WHERE "mug_variants"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "shirt_variants_color_size_unique" ON "shirt_variants" USING btree ("article_id","color","size");--> statement-breakpoint
CREATE UNIQUE INDEX "vat_rates_one_default" ON "vat_rates" USING btree ("is_default") WHERE "vat_rates"."is_default";--> statement-breakpoint
CREATE INDEX "generations_user_idx" ON "generations" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "images_storage_key_unique" ON "images" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "images_owner_idx" ON "images" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_models_provider_model_unique" ON "ai_models" USING btree ("provider","model_id");--> statement-breakpoint
CREATE INDEX "prompt_subcategories_category_idx" ON "prompt_subcategories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "prompts_visible_idx" ON "prompts" USING btree ("active","archived");--> statement-breakpoint
CREATE UNIQUE INDEX "prompts_number_unique" ON "prompts" USING btree ("prompt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "slot_types_position_unique" ON "slot_types" USING btree ("position");--> statement-breakpoint
CREATE INDEX "slot_variants_type_idx" ON "slot_variants" USING btree ("slot_type_id");--> statement-breakpoint
CREATE INDEX "cart_items_cart_idx" ON "cart_items" USING btree ("cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_user_unique" ON "carts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_addresses_order_kind_unique" ON "order_addresses" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_unique" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_unique" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_id_unique" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_unique" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");