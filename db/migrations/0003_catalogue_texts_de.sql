ALTER TABLE "articles" ADD COLUMN "name_de" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "short_description_de" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "long_description_de" text;--> statement-breakpoint
ALTER TABLE "mug_variants" ADD COLUMN "name_de" text;--> statement-breakpoint
ALTER TABLE "shirt_variants" ADD COLUMN "color_de" text;