ALTER TABLE "prompt_categories" ADD COLUMN "name_de" text;--> statement-breakpoint
ALTER TABLE "prompt_categories" ADD COLUMN "description_de" text;--> statement-breakpoint
ALTER TABLE "prompt_subcategories" ADD COLUMN "name_de" text;--> statement-breakpoint
ALTER TABLE "prompt_subcategories" ADD COLUMN "description_de" text;