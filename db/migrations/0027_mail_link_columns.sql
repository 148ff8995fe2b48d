ALTER TABLE "outgoing_mail" ADD COLUMN "link_kind" text;--> statement-breakpoint
ALTER TABLE "outgoing_mail" ADD COLUMN "link_subject" integer;--> statement-breakpoint
ALTER TABLE "outgoing_mail" ADD COLUMN "link_nonce" text;--> statement-breakpoint
-- Tokens handed out while mails filled placeholders anywhere in their text may have reached a stranger.
UPDATE "auth_tokens" SET "used_at" = now() WHERE "used_at" IS NULL;--> statement-breakpoint
UPDATE "pending_registrations" SET "token_hash" = 'retired:' || md5(random()::text || "id"::text);--> statement-breakpoint
-- An order mail keeps its link at the link's place, under the mail's own placeholder.
UPDATE "outgoing_mail" SET "link_kind" = 'order_status', "link_nonce" = md5(random()::text || "id"::text)
  WHERE "order_id" IS NOT NULL AND "text" LIKE '%/order-status/~~order-link-token~~%';--> statement-breakpoint
UPDATE "outgoing_mail" SET
  "text" = replace("text", '/order-status/~~order-link-token~~', '/order-status/~~link.' || "link_nonce" || '~~'),
  "html" = replace("html", '/order-status/~~order-link-token~~', '/order-status/~~link.' || "link_nonce" || '~~')
  WHERE "link_nonce" IS NOT NULL;--> statement-breakpoint
-- Any other placeholder is typed text or an account link long expired.
UPDATE "outgoing_mail" SET
  "text" = regexp_replace("text", '~~(order-link-token|(reset|sign-in|register)-token\.[0-9]+)~~', '', 'g'),
  "html" = regexp_replace("html", '~~(order-link-token|(reset|sign-in|register)-token\.[0-9]+)~~', '', 'g')
  WHERE "text" LIKE '%~~%' OR "html" LIKE '%~~%';
