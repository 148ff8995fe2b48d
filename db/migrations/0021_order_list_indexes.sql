-- Substring search in the back office (orders, customers) on PostgreSQL: trigram indexes. pg_trgm is a trusted
-- extension there; embedded PGlite does not ship it loaded, so there the search stays a scan of a small table.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS orders_search_trgm ON orders USING gin ((order_number || ' ' || email || ' ' || first_name || ' ' || last_name) gin_trgm_ops);
EXCEPTION WHEN others THEN
  RAISE NOTICE 'pg_trgm not available (%): back-office search without a trigram index', SQLERRM;
END
$$;
