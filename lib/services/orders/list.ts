import "server-only";
import { desc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { invoices, orderAddresses, orderItems, orders, payments } from "@/db/schema";
import { prepared } from "../prepared";
import type { OrderDtoSource } from "./core/dto";

function childRows<T>(table: PgTable, orderId: PgColumn, fields: Record<string, PgColumn>, orderBy: PgColumn): SQL<T[]> {
  const pairs = sql.join(
    Object.entries(fields).map(([name, column]) => sql`${sql.raw(`'${name}'`)}, ${column}`),
    sql`, `,
  );
  // Drizzle strips the table of a bare column in a single-table select, which would bind it to the wrong table.
  const qualified = (column: PgColumn) => sql`${column}`;
  return sql<
    T[]
  >`coalesce((select json_agg(json_build_object(${pairs}) order by ${qualified(orderBy)}) from ${table} where ${qualified(orderId)} = ${qualified(orders.id)}), '[]'::json)`;
}

function pick<T extends Record<string, PgColumn>, K extends keyof T>(columns: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, columns[k]])) as Pick<T, K>;
}

const ORDER_FIELDS = pick(getTableColumns(orders), [
  "id",
  "orderNumber",
  "status",
  "email",
  "firstName",
  "lastName",
  "phone",
  "subtotalCents",
  "discountCents",
  "discountCode",
  "shippingCents",
  "taxCents",
  "shippingVatPercent",
  "taxTreatment",
  "totalCents",
  "createdAt",
  "updatedAt",
  "completedAt",
  "shippedAt",
  "deliveredAt",
  "cancelledAt",
  "carrier",
  "trackingNumber",
] as const);

const ITEM_FIELDS = pick(getTableColumns(orderItems), [
  "id",
  "articleName",
  "variantName",
  "colour",
  "quantity",
  "unitPriceCents",
  "vatPercent",
  "totalCents",
  "discountCents",
  "imageId",
  "mugVariantId",
] as const);
const ADDRESS_FIELDS = pick(getTableColumns(orderAddresses), [
  "kind",
  "firstName",
  "lastName",
  "street1",
  "street2",
  "city",
  "postalCode",
  "countryCode",
] as const);
const PAYMENT_FIELDS = pick(getTableColumns(payments), ["id", "status", "amountCents", "refundedCents", "failureMessage"] as const);
const INVOICE_FIELDS = pick(getTableColumns(invoices), ["id", "kind", "number", "grossCents", "refersToInvoiceId"] as const);

export type ListedOrder = OrderDtoSource & { order: OrderDtoSource["order"] & { updatedAt: Date } };

/** Exported for `npm run bench`. */
export function orderListQuery(d: Db) {
  return d
    .select({
      ...ORDER_FIELDS,
      items: childRows<OrderDtoSource["items"][number]>(orderItems, orderItems.orderId, ITEM_FIELDS, orderItems.id),
      addresses: childRows<OrderDtoSource["addresses"][number]>(orderAddresses, orderAddresses.orderId, ADDRESS_FIELDS, orderAddresses.id),
      payments: childRows<OrderDtoSource["payments"][number]>(payments, payments.orderId, PAYMENT_FIELDS, payments.id),
      invoices: childRows<OrderDtoSource["invoices"][number]>(invoices, invoices.orderId, INVOICE_FIELDS, invoices.id),
    })
    .from(orders)
    .where(eq(orders.userId, sql.placeholder("userId")))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
}

export async function listOrderSources(db: Db, userId: number): Promise<ListedOrder[]> {
  const query = prepared(db, "user_order_list", (d) => orderListQuery(d).prepare("user_order_list"));
  const rows = await query.execute({ userId });
  return rows.map(({ items, addresses, payments: attempts, invoices: documents, ...order }) => ({
    order,
    items,
    addresses,
    payments: attempts,
    invoices: documents,
  }));
}
