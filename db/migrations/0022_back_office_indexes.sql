ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "generations_started_idx" ON "generations" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "order_events_type_created_idx" ON "order_events" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","order_number");--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
UPDATE "orders" SET "paid_at" = p."at" FROM (SELECT "order_id", min("created_at") AS "at" FROM "order_events" WHERE "type" = 'paid' GROUP BY "order_id") p WHERE p."order_id" = "orders"."id";
