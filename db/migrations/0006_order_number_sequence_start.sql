-- Custom migration (drizzle-kit generate --custom): data for the columns and the sequence of 0005.
-- The order number sequence continues after the highest number already given out.
SELECT setval('order_number_seq', GREATEST(COALESCE((SELECT max(split_part("order_number", '-', 3)::int) FROM "orders" WHERE "order_number" ~ '^MM-[0-9]{4}-[0-9]+$'), 0), 1), (SELECT count(*) > 0 FROM "orders" WHERE "order_number" ~ '^MM-[0-9]{4}-[0-9]+$'));--> statement-breakpoint
-- Lines with a customer design are personalised (no right of withdrawal).
UPDATE "order_items" SET "personalised" = true WHERE "image_id" IS NOT NULL;--> statement-breakpoint
-- A refunded payment was refunded in full.
UPDATE "payments" SET "refunded_cents" = "amount_cents" WHERE "status" = 'refunded';
