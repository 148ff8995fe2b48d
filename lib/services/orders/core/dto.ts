import "server-only";
import { taxLinesOf, type TaxedItem } from "@/lib/domain/tax-lines";
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import {
  invoices,
  orderAddresses,
  orderItems,
  orders,
  payments,
  type Invoice,
  type Order,
  type OrderItem,
  type Payment,
} from "@/db/schema";
import type { Locale } from "@/lib/i18n/config";
import { translate } from "@/lib/i18n/messages";
import { orderResponse, paymentResponse, type OrderDto, type PaymentDto } from "@/lib/schemas/orders";
import { imageUrl, orderLineMockups } from "../../images";
import { NO_MOCKUPS, type MockupUrls } from "@/lib/schemas/mockups";
import { orderPaymentStatus } from "@/lib/domain/order-flow";
import { creditNoteKind } from "@/lib/domain/credit-note";
import { postalAddress } from "@/lib/domain/postal-address";

export type Queryable = Db | Tx;
export type OrderAddress = typeof orderAddresses.$inferSelect;

export interface OrderBundle {
  order: Order;
  items: OrderItem[];
  addresses: OrderAddress[];
  payments: Payment[];
  invoices: Invoice[];
}

export async function loadBundles(db: Queryable, orderRows: Order[]): Promise<OrderBundle[]> {
  if (orderRows.length === 0) return [];
  const ids = orderRows.map((o) => o.id);
  const [itemRows, addressRows, paymentRows, invoiceRows] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    db.select().from(orderAddresses).where(inArray(orderAddresses.orderId, ids)),
    db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(asc(payments.id)),
    db.select().from(invoices).where(inArray(invoices.orderId, ids)).orderBy(asc(invoices.id)),
  ]);
  return orderRows.map((order) => ({
    order,
    items: itemRows.filter((i) => i.orderId === order.id),
    addresses: addressRows.filter((a) => a.orderId === order.id),
    payments: paymentRows.filter((p) => p.orderId === order.id),
    invoices: invoiceRows.filter((i) => i.orderId === order.id),
  }));
}

export async function loadBundle(db: Queryable, orderId: string): Promise<OrderBundle | null> {
  const rows = await db.select().from(orders).where(eq(orders.id, orderId));
  const [bundle] = await loadBundles(db, rows);
  return bundle ?? null;
}

export interface OrderDtoSource {
  order: Pick<
    Order,
    | "id"
    | "orderNumber"
    | "status"
    | "email"
    | "firstName"
    | "lastName"
    | "phone"
    | "subtotalCents"
    | "discountCents"
    | "discountCode"
    | "shippingCents"
    | "taxCents"
    | "shippingVatPercent"
    | "taxTreatment"
    | "totalCents"
    | "createdAt"
    | "completedAt"
    | "shippedAt"
    | "deliveredAt"
    | "cancelledAt"
    | "carrier"
    | "trackingNumber"
  >;
  items: Pick<
    OrderItem,
    | "id"
    | "articleName"
    | "variantName"
    | "colour"
    | "quantity"
    | "unitPriceCents"
    | "vatPercent"
    | "totalCents"
    | "discountCents"
    | "imageId"
    | "mugVariantId"
  >[];
  addresses: Pick<OrderAddress, "kind" | "firstName" | "lastName" | "street1" | "street2" | "city" | "postalCode" | "countryCode">[];
  payments: Pick<Payment, "id" | "status" | "amountCents" | "refundedCents" | "failureMessage">[];
  invoices: Pick<Invoice, "id" | "kind" | "number" | "grossCents" | "refersToInvoiceId">[];
}

export function currentPayment<P>(bundle: { payments: P[] }): P | undefined {
  return bundle.payments[bundle.payments.length - 1];
}

export async function latestPaymentRow(db: Queryable, orderId: string, forUpdate = false): Promise<Payment | undefined> {
  const query = db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id)).limit(1);
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}

function addressDto(addresses: OrderDtoSource["addresses"], kind: OrderAddress["kind"]): OrderDto["shippingAddress"] {
  const a = addresses.find((x) => x.kind === kind) ?? addresses.find((x) => x.kind === "shipping");
  if (!a) throw new Error("order has no shipping address");
  return postalAddress(a);
}

export function orderAmounts(order: OrderDtoSource["order"], items: readonly TaxedItem[]) {
  return {
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    discountCode: order.discountCode,
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    taxTreatment: order.taxTreatment,
    taxLines: taxLinesOf(order, items),
  };
}

export function toOrderDto(bundle: OrderDtoSource, locale: Locale = "en", mockups?: Map<number, MockupUrls>): OrderDto {
  const { order } = bundle;
  const latest = currentPayment(bundle);
  return orderResponse.parse({
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    paymentStatus: orderPaymentStatus(bundle.payments, bundle.order.totalCents),
    email: order.email,
    firstName: order.firstName,
    lastName: order.lastName,
    phone: order.phone,
    items: bundle.items.map((i) => ({
      id: i.id,
      articleName: i.articleName,
      variantName: i.variantName,
      colour: i.colour,
      quantity: i.quantity,
      unitPriceCents: i.unitPriceCents,
      totalCents: i.totalCents,
      discountCents: i.discountCents,
      imageUrl: i.imageId === null ? null : imageUrl(i.imageId),
      mockups: mockups?.get(i.id) ?? NO_MOCKUPS,
    })),
    ...orderAmounts(order, bundle.items),
    currency: "EUR",
    shippingAddress: addressDto(bundle.addresses, "shipping"),
    billingAddress: addressDto(bundle.addresses, "billing"),
    createdAt: order.createdAt.toISOString(),
    completedAt: order.completedAt?.toISOString() ?? null,
    shippedAt: order.shippedAt?.toISOString() ?? null,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    cancellable: order.status === "pending" && !bundle.payments.some((p) => p.status === "processing"),
    invoiceAvailable: bundle.invoices.some((i) => i.kind === "invoice"),
    creditNotes: bundle.invoices
      .filter((i) => i.kind === "credit_note")
      .map((i) => ({
        id: i.id,
        number: i.number,
        grossCents: i.grossCents,
        kind: creditNoteKind(i.grossCents, bundle.invoices.find((inv) => inv.id === i.refersToInvoiceId)?.grossCents ?? null),
      })),
    paymentFailureMessage: latest?.status === "failed" && latest.failureMessage ? translate(locale, latest.failureMessage) : null,
  });
}

export async function toOrderDtos(db: Queryable, sources: OrderDtoSource[], locale: Locale): Promise<OrderDto[]> {
  const mockups = await orderLineMockups(
    db,
    sources.flatMap((s) => s.items),
  );
  return sources.map((s) => toOrderDto(s, locale, mockups));
}

export function toPaymentDto(payment: Payment, locale: Locale, clientSecret: string | null = null): PaymentDto {
  const open = payment.status === "requires_payment" || payment.status === "requires_action" || payment.status === "failed";
  return paymentResponse.parse({
    id: payment.id,
    provider: payment.provider,
    status: payment.status,
    amountCents: payment.amountCents,
    currency: "EUR",
    clientSecret: open ? clientSecret : null,
    failureMessage: payment.status === "failed" && payment.failureMessage ? translate(locale, payment.failureMessage) : null,
  });
}
