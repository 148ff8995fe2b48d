CREATE TABLE "mug_mockups" (
	"id" serial PRIMARY KEY NOT NULL,
	"image_id" integer,
	"image_storage_key" text NOT NULL,
	"mug_variant_id" integer,
	"fingerprint" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mug_mockups_attempts" CHECK ("mug_mockups"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mug_mockups" ADD CONSTRAINT "mug_mockups_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mug_mockups" ADD CONSTRAINT "mug_mockups_mug_variant_id_mug_variants_id_fk" FOREIGN KEY ("mug_variant_id") REFERENCES "public"."mug_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mug_mockups_image_variant_unique" ON "mug_mockups" USING btree ("image_id","mug_variant_id");--> statement-breakpoint
CREATE INDEX "mug_mockups_storage_key_idx" ON "mug_mockups" USING btree ("image_storage_key");--> statement-breakpoint
CREATE INDEX "mug_mockups_status_idx" ON "mug_mockups" USING btree ("status","updated_at");