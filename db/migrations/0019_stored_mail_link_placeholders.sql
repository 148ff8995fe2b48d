-- Order mails stored before link tokens were made at sending time still hold a usable order link
-- (48-character token): put the placeholder in, so the next send makes a fresh token.
UPDATE "outgoing_mail"
SET "text" = regexp_replace("text", '/order-status/[A-Za-z0-9_-]{48}([^A-Za-z0-9_-]|$)', '/order-status/~~order-link-token~~\1', 'g'),
    "html" = regexp_replace("html", '/order-status/[A-Za-z0-9_-]{48}([^A-Za-z0-9_-]|$)', '/order-status/~~order-link-token~~\1', 'g')
WHERE "order_id" IS NOT NULL AND ("text" ~ '/order-status/[A-Za-z0-9_-]{48}' OR "html" ~ '/order-status/[A-Za-z0-9_-]{48}');
