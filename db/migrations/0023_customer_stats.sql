CREATE TABLE "customer_stats" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	"last_order_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_stats" ADD CONSTRAINT "customer_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Recounted from the account's own orders on every change, so the figures cannot drift whatever code path writes.
CREATE FUNCTION refresh_customer_stats(uid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF uid IS NULL THEN
    RETURN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = uid) THEN
    DELETE FROM customer_stats WHERE user_id = uid;
    RETURN;
  END IF;
  INSERT INTO customer_stats (user_id, orders, spent_cents, last_order_at)
  SELECT uid, count(*)::int,
         coalesce(sum(o.total_cents) FILTER (WHERE o.paid_at IS NOT NULL), 0)
           - coalesce((SELECT sum(r.amount_cents) FROM refunds r JOIN orders ro ON ro.id = r.order_id
                       WHERE ro.user_id = uid AND r.status = 'succeeded'), 0),
         max(o.created_at)
  FROM orders o WHERE o.user_id = uid
  ON CONFLICT (user_id) DO UPDATE
    SET orders = excluded.orders, spent_cents = excluded.spent_cents, last_order_at = excluded.last_order_at;
END
$$;
--> statement-breakpoint
CREATE FUNCTION customer_stats_from_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM refresh_customer_stats(NEW.user_id);
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id) THEN
    PERFORM refresh_customer_stats(OLD.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION customer_stats_from_refunds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM refresh_customer_stats((SELECT user_id FROM orders WHERE id = NEW.order_id));
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.order_id IS DISTINCT FROM NEW.order_id) THEN
    PERFORM refresh_customer_stats((SELECT user_id FROM orders WHERE id = OLD.order_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customer_stats_orders AFTER INSERT OR DELETE OR UPDATE OF user_id, total_cents, paid_at, created_at ON orders
  FOR EACH ROW EXECUTE FUNCTION customer_stats_from_orders();
--> statement-breakpoint
CREATE TRIGGER customer_stats_refunds AFTER INSERT OR DELETE OR UPDATE OF order_id, status, amount_cents ON refunds
  FOR EACH ROW EXECUTE FUNCTION customer_stats_from_refunds();
--> statement-breakpoint
-- All accounts at once: the backfill here, and bulk loads that ran with the triggers off (seed:large).
CREATE FUNCTION rebuild_customer_stats() RETURNS void LANGUAGE sql AS $$
  DELETE FROM customer_stats;
  INSERT INTO customer_stats (user_id, orders, spent_cents, last_order_at)
  SELECT o.user_id, count(*)::int,
         coalesce(sum(o.total_cents) FILTER (WHERE o.paid_at IS NOT NULL), 0) - coalesce(sum(r.cents), 0),
         max(o.created_at)
  FROM orders o JOIN users u ON u.id = o.user_id
  LEFT JOIN (SELECT order_id, sum(amount_cents) AS cents FROM refunds WHERE status = 'succeeded' GROUP BY order_id) r ON r.order_id = o.id
  GROUP BY o.user_id;
$$;
--> statement-breakpoint
SELECT rebuild_customer_stats();
