CREATE TABLE "scheduler_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "client_network" text;--> statement-breakpoint
CREATE INDEX "images_client_network_idx" ON "images" USING btree ("client_network","size_bytes") WHERE "images"."client_network" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "images_edited_size_idx" ON "images" USING btree ("size_bytes") WHERE "images"."type" = 'EDITED';