import "server-only";
import { sql } from "drizzle-orm";
import { payments } from "@/db/schema";

/** Qualified names: drizzle leaves a single-table select's columns unqualified, so "id" would bind to the wrong table. */
export const paidCentsSql = sql<number>`(select coalesce(sum(p.amount_cents), 0)::int from payments p where p.order_id = "orders"."id" and p.status in ('succeeded', 'refunded'))`;
/** Unqualified: for a select from payments. */
export const refundedOfPaymentSql = sql<number>`greatest(${payments.refundedCents}, case when ${payments.status} = 'refunded' then ${payments.amountCents} else 0 end)`;
export const refundedCentsSql = sql<number>`(select coalesce(sum(greatest(p.refunded_cents, case when p.status = 'refunded' then p.amount_cents else 0 end)), 0)::int from payments p where p.order_id = "orders"."id")`;
export const paidFlagSql = sql<boolean>`exists (select 1 from payments p where p.order_id = "orders"."id" and p.status = 'succeeded' and p.amount_cents - p.refunded_cents > (select coalesce(sum(r.amount_cents), 0) from refunds r where r.payment_id = p.id and r.status = 'pending'))`;
