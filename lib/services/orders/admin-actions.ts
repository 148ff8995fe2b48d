import "server-only";
import type { ViewerWithEmail } from "@/lib/request-context/viewer";
import { isOwner } from "@/lib/domain/permissions";
import { env } from "@/lib/env";
import { ApiError, notFound } from "@/lib/errors";
import type { AuditClient } from "../audit";
import type { Locale } from "@/lib/i18n/config";
import { queueMail } from "@/lib/integrations/mail";
import type { AdminOrderDetail, CancelOrderBody, RefundOrderBody } from "@/lib/schemas/admin-orders";
import { getAdminOrder } from "./admin-queries";
import { cancelOrderAs } from "./cancel";
import { loadBundle } from "./core/dto";
import { recordEvent, type Actor } from "./core/events";
import { lockOrder } from "./core/locks";
import { moveOrder } from "./core/order-moves";
import { shippedMail } from "./order-mails";
import { moneyLeft, refundOrder } from "./refunds";
import { receiptMail, withInvoice } from "./receipt";
import { inTransaction } from "./core/unit-of-work";

const adminActor = (session: ViewerWithEmail): Actor => ({ actor: "admin", userId: session.user.id });

const refundLimit = (session: ViewerWithEmail): number | undefined => (isOwner(session.roles) ? undefined : env().STAFF_REFUND_LIMIT_CENTS);

export async function processOrder(orderId: string, session: ViewerWithEmail, locale: Locale): Promise<AdminOrderDetail> {
  await inTransaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound();
    const money = await moneyLeft(tx, orderId);
    await moveOrder(tx, order, { action: "process", by: adminActor(session), paid: money.totalCents > 0 });
  });
  return getAdminOrder(orderId, locale);
}

export async function completeOrder(
  orderId: string,
  body: { carrier: string | null; trackingNumber: string | null },
  session: ViewerWithEmail,
  locale: Locale,
): Promise<AdminOrderDetail> {
  await inTransaction(async (tx, effects) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound();
    const { carrier, trackingNumber } = body;
    const updated = await moveOrder(tx, order, {
      action: "complete",
      by: adminActor(session),
      paid: true,
      set: { carrier, trackingNumber },
      data: { carrier, trackingNumber },
    });
    effects.mailIds.push(await queueMail(tx, { ...(await shippedMail(tx, updated)), kind: "shipped", orderId }));
  });
  return getAdminOrder(orderId, locale);
}

export async function deliverOrder(orderId: string, session: ViewerWithEmail, locale: Locale): Promise<AdminOrderDetail> {
  await inTransaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound();
    await moveOrder(tx, order, { action: "deliver", by: adminActor(session), paid: true });
  });
  return getAdminOrder(orderId, locale);
}

export async function adminCancel(
  orderId: string,
  body: CancelOrderBody,
  session: ViewerWithEmail,
  locale: Locale,
): Promise<AdminOrderDetail> {
  await cancelOrderAs(orderId, { by: adminActor(session), reason: body.reason, refundLimitCents: refundLimit(session) }, locale);
  return getAdminOrder(orderId, locale);
}

export async function adminRefund(
  orderId: string,
  body: RefundOrderBody,
  session: ViewerWithEmail,
  locale: Locale,
  client: AuditClient | null = null,
): Promise<AdminOrderDetail> {
  // Keys are unique across orders: the dialog's key is scoped to this order.
  const idempotencyKey = body.idempotencyKey ? `admin:${orderId}:${body.idempotencyKey}` : undefined;
  const audit = { actor: { userId: session.user.id, email: session.user.email }, client: client ?? { network: null, device: null } };
  await refundOrder(orderId, {
    amountCents: body.amountCents,
    reason: body.reason,
    by: adminActor(session),
    locale,
    idempotencyKey,
    audit,
    limitCents: refundLimit(session),
  });
  return getAdminOrder(orderId, locale);
}

export async function resendReceipt(orderId: string, session: ViewerWithEmail): Promise<{ mailId: number }> {
  return inTransaction(async (tx, effects) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound();
    const bundle = await loadBundle(tx, orderId);
    if (!bundle) throw notFound();
    if (!bundle.payments.some((p) => p.status === "succeeded" || p.status === "refunded"))
      throw new ApiError(409, "errors.receiptNotAvailable");
    const invoice = bundle.invoices.find((i) => i.kind === "invoice");
    const mail = await receiptMail(tx, bundle, order.locale);
    const mailId = await queueMail(tx, {
      ...mail,
      kind: "receipt",
      orderId,
      attachments: withInvoice(mail.attachments, invoice),
    });
    effects.mailIds.push(mailId);
    await recordEvent(tx, {
      orderId,
      type: "receipt_sent",
      by: adminActor(session),
      data: { mailId, invoiceId: invoice?.id ?? null, invoiceNumber: invoice?.number ?? null },
    });
    return { mailId };
  });
}
