import "server-only";
import { pageOffset } from "../../list-query";
import { desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orders, payments } from "@/db/schema";
import type { Locale } from "@/lib/i18n/config";
import { adminOrderPage, type AdminOrderPage, type AdminOrdersQuery } from "@/lib/schemas/admin-orders";
import { allowedActions, adminPaymentStatus } from "@/lib/domain/order-flow";
import { firstLineThumbnails } from "./thumbnails";
import { orderFilterWhere } from "./filters";
import { paidCentsSql, paidFlagSql, refundedCentsSql, refundedOfPaymentSql } from "../core/money";

const itemCountSql = sql<number>`(select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = "orders"."id")`;

export async function listAdminOrders(query: AdminOrdersQuery, _locale: Locale): Promise<AdminOrderPage> {
  const db = await getDb();
  const where = orderFilterWhere(query);
  const refundedByOrder = db
    .select({ orderId: payments.orderId, refundedCents: sql<number>`sum(${refundedOfPaymentSql})`.as("refunded_cents") })
    .from(payments)
    .where(or(gt(payments.refundedCents, 0), eq(payments.status, "refunded")))
    .groupBy(payments.orderId)
    .as("refunded_by_order");
  const [sumsRow] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      totalCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::bigint`,
      refundedCents: sql<number>`coalesce(sum(${refundedByOrder.refundedCents}), 0)::bigint`,
    })
    .from(orders)
    .leftJoin(refundedByOrder, eq(refundedByOrder.orderId, orders.id))
    .where(where);
  const count = Number(sumsRow?.orders ?? 0);
  // The page's ids first, so the per-order subqueries run for one page only.
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const rows =
    count === 0
      ? []
      : await db
          .select({
            order: orders,
            itemCount: itemCountSql,
            paidCents: paidCentsSql,
            refundedCents: refundedCentsSql,
            paid: paidFlagSql,
          })
          .from(orders)
          .where(inArray(orders.id, pageIds))
          .orderBy(desc(orders.createdAt), desc(orders.orderNumber));

  const thumbnails = await firstLineThumbnails(
    db,
    rows.map((r) => r.order.id),
  );
  return adminOrderPage.parse({
    items: rows.map(({ order, itemCount, paidCents, refundedCents, paid }) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      paymentStatus: adminPaymentStatus({ paidCents: Number(paidCents), refundedCents: Number(refundedCents) }, order.totalCents),
      email: order.email,
      customerName: `${order.firstName} ${order.lastName}`.trim(),
      itemCount: Number(itemCount),
      totalCents: order.totalCents,
      refundedCents: Number(refundedCents),
      createdAt: order.createdAt.toISOString(),
      shippedAt: order.shippedAt?.toISOString() ?? null,
      trackingNumber: order.trackingNumber,
      thumbnailUrl: thumbnails.get(order.id) ?? null,
      actions: allowedActions(order.status, "admin", Boolean(paid)),
    })),
    total: count,
    page: query.page,
    pageSize: query.pageSize,
    sums: { orders: count, totalCents: Number(sumsRow?.totalCents ?? 0), refundedCents: Number(sumsRow?.refundedCents ?? 0) },
  });
}
