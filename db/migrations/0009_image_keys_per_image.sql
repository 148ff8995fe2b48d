-- Custom migration (drizzle-kit generate --custom): every stored image gets its own access key.
-- Images that shared one key (a visitor's upload and its generated images) keep it on the first
-- generated image of each group (uploads last); every other row gets a fresh 43-character base64url key.
UPDATE images AS i
SET access_key = rtrim(translate(encode(decode(replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')
WHERE i.access_key IS NOT NULL
  AND i.id <> (SELECT o.id FROM images o WHERE o.access_key = i.access_key ORDER BY (o.type = 'UPLOADED'), o.id LIMIT 1);
