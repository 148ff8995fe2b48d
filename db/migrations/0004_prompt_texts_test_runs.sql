CREATE TABLE "ai_test_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_by" integer,
	"prompt_id" integer,
	"source_image_id" integer,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "test_run_id" integer;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "title_de" text;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "description_de" text;--> statement-breakpoint
ALTER TABLE "ai_test_runs" ADD CONSTRAINT "ai_test_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_test_runs" ADD CONSTRAINT "ai_test_runs_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_test_runs" ADD CONSTRAINT "ai_test_runs_source_image_id_images_id_fk" FOREIGN KEY ("source_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_test_runs_created_idx" ON "ai_test_runs" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_test_run_id_ai_test_runs_id_fk" FOREIGN KEY ("test_run_id") REFERENCES "public"."ai_test_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generations_test_run_idx" ON "generations" USING btree ("test_run_id");