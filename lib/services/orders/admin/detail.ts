import "server-only";
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orderEvents, refunds, users } from "@/db/schema";
import { notFound } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/config";
import { translate } from "@/lib/i18n/messages";
import { postalAddress } from "@/lib/domain/postal-address";
import { adminOrderDetail, type AdminOrderDetail } from "@/lib/schemas/admin-orders";
import { loadBundle, orderAmounts, type OrderAddress, type Queryable } from "../core/dto";
import { allowedActions, adminPaymentStatus, moneyOf } from "@/lib/domain/order-flow";
import { productionSheets } from "./production";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const adminInvoicePath = (orderId: string, invoiceId: number) => `/api/admin/orders/${orderId}/invoice?invoiceId=${invoiceId}`;

function address(addresses: OrderAddress[], kind: OrderAddress["kind"]): AdminOrderDetail["billingAddress"] {
  // An erased customer's delivered order keeps only its billing address.
  const a =
    addresses.find((x) => x.kind === kind) ?? addresses.find((x) => x.kind === "shipping") ?? addresses.find((x) => x.kind === "billing");
  if (!a) throw new Error("order has no address");
  return postalAddress(a);
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** `db` lets a caller read inside its transaction (PGlite has one connection). */
export async function getAdminOrder(orderId: string, locale: Locale, db?: Queryable): Promise<AdminOrderDetail> {
  if (!UUID.test(orderId)) throw notFound();
  const q = db ?? (await getDb());
  const bundle = await loadBundle(q, orderId);
  if (!bundle) throw notFound();
  const { order } = bundle;
  const [events, refundRows, sheets] = await Promise.all([
    q
      .select({ event: orderEvents, actorEmail: users.email })
      .from(orderEvents)
      .leftJoin(users, eq(users.id, orderEvents.actorUserId))
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.id)),
    q.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id)),
    productionSheets(q, orderId, bundle.items, locale),
  ]);

  const money = moneyOf(bundle.payments, refundRows);

  return adminOrderDetail.parse({
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    paymentStatus: adminPaymentStatus(money, order.totalCents),
    locale: order.locale,
    userId: order.userId,
    customerErasedAt: iso(order.customerErasedAt),
    email: order.email,
    firstName: order.firstName,
    lastName: order.lastName,
    phone: order.phone,
    shippingAddress: bundle.addresses.some((a) => a.kind === "shipping") ? address(bundle.addresses, "shipping") : null,
    billingAddress: address(bundle.addresses, "billing"),
    items: bundle.items.map((i) => ({
      id: i.id,
      articleId: i.articleId,
      articleName: i.articleName,
      variantName: i.variantName,
      colour: i.colour,
      quantity: i.quantity,
      unitPriceCents: i.unitPriceCents,
      vatPercent: Number(i.vatPercent),
      totalCents: i.totalCents,
      discountCents: i.discountCents,
      personalised: i.personalised,
      production: sheets.get(i.id),
    })),
    ...orderAmounts(order, bundle.items),
    paidCents: money.paidCents,
    refundedCents: money.refundedCents,
    refundableCents: money.refundableCents,
    currency: "EUR",
    createdAt: order.createdAt.toISOString(),
    processedAt: iso(order.processedAt),
    shippedAt: iso(order.shippedAt),
    deliveredAt: iso(order.deliveredAt),
    cancelledAt: iso(order.cancelledAt),
    cancelReason: order.cancelReason,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    withdrawalWaiverAt: iso(order.withdrawalWaiverAt),
    payments: bundle.payments.map((p) => ({
      id: p.id,
      provider: p.provider,
      providerPaymentId: p.providerPaymentId,
      status: p.status,
      amountCents: p.amountCents,
      refundedCents: p.refundedCents,
      failureMessage: p.failureMessage ? translate(locale, p.failureMessage) : null,
      createdAt: p.createdAt.toISOString(),
    })),
    refunds: refundRows.map((r) => ({
      id: r.id,
      paymentId: r.paymentId,
      amountCents: r.amountCents,
      reason: r.reason,
      status: r.status,
      source: r.source,
      createdAt: r.createdAt.toISOString(),
    })),
    invoices: bundle.invoices.map((inv) => ({
      id: inv.id,
      kind: inv.kind,
      number: inv.number,
      grossCents: inv.grossCents,
      issuedAt: inv.issuedAt.toISOString(),
      url: adminInvoicePath(order.id, inv.id),
    })),
    timeline: events.map(({ event, actorEmail }) => ({
      id: event.id,
      type: event.type,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      actor: event.actor,
      actorEmail: actorEmail ?? null,
      note: event.note,
      data: event.data ?? null,
      createdAt: event.createdAt.toISOString(),
    })),
    actions: allowedActions(order.status, "admin", money.paid),
    canRefund: money.refundableCents > 0,
    canResendReceipt: money.paidCents > 0,
  });
}
