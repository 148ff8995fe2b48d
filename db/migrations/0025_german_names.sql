ALTER TABLE "article_categories" ADD COLUMN "name_de" varchar(255);--> statement-breakpoint
ALTER TABLE "article_categories" ADD COLUMN "description_de" text;--> statement-breakpoint
ALTER TABLE "article_subcategories" ADD COLUMN "name_de" varchar(255);--> statement-breakpoint
ALTER TABLE "article_subcategories" ADD COLUMN "description_de" text;--> statement-breakpoint
ALTER TABLE "vat_rates" ADD COLUMN "name_de" text;--> statement-breakpoint
ALTER TABLE "slot_types" ADD COLUMN "name_de" text;