import "server-only";
/** The money side first, outside any transaction; asking again after a failure finishes without refunding twice. */
import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { invoices, outgoingMail, payments, refunds, type Invoice, type Order, type Payment } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors";
import type { Viewer } from "@/lib/request-context/viewer";
import type { Locale } from "@/lib/i18n/config";
import { queueMail } from "@/lib/integrations/mail";
import type { OrderDto } from "@/lib/schemas/orders";
import { creditNoteKindOf } from "../invoices/content";
import { cancelAttempt, isOpen } from "./attempts";
import { loadBundle, toOrderDtos } from "./core/dto";
import type { Actor } from "./core/events";
import { lockOrder } from "./core/locks";
import { moveOrder } from "./core/order-moves";
import { cancelledMail, mayMailAbout } from "./order-mails";
import { limitOrderAction } from "./order-limits";
import { orderEdge, FINISHED } from "@/lib/domain/order-flow";
import { applyPaymentState } from "./payment-moves";
import { providerCall, providerForPayment } from "./core/payment-provider";
import { moneyLeft, refundOrder, type RefundOutcome } from "./refunds";
import { inTransaction } from "./core/unit-of-work";

export interface CancelOptions {
  by: Actor;
  reason?: string | null;
  session?: Viewer;
  clientIp?: string;
  refundLimitCents?: number;
}

const CANCEL_REFUND_REASON = "order cancelled";

async function lockOwnOrder(tx: Tx, orderId: string, session?: Viewer): Promise<Order> {
  const order = await lockOrder(tx, orderId);
  if (!order || (session && order.userId !== session.user.id)) throw notFound();
  return order;
}

function assertCancellable(order: Order, by: Actor, reason: string | null): void {
  const edge = orderEdge(order.status, "cancel", by.actor);
  if (!edge) {
    if (by.actor === "customer") throw new ApiError(409, "errors.orderNotCancellable");
    throw new ApiError(409, `errors.orderTransitionNotAllowed.${order.status}`);
  }
  if (edge.reasonRequiredFor?.includes(by.actor) && !reason)
    throw new ApiError(422, "errors.validationFailed", { reason: "validation.reasonRequired" });
}

function assertNoPaymentInFlight(rows: Payment[]): void {
  if (rows.some((p) => p.status === "processing")) throw new ApiError(409, "errors.orderNotCancellable");
}

const toCancel = (p: Payment) => isOpen(p) || p.status === "creating";

const sumOf = (rows: readonly { amountCents: number }[]) => rows.reduce((sum, r) => sum + r.amountCents, 0);

async function unsentCreditNotes(tx: Tx, orderId: string): Promise<Invoice[]> {
  const mails = await tx.select({ attachments: outgoingMail.attachments }).from(outgoingMail).where(eq(outgoingMail.orderId, orderId));
  const sent = new Set(mails.flatMap((m) => m.attachments ?? []).flatMap((a) => (a.type === "invoice" ? [a.invoiceId] : [])));
  const notes = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "credit_note")))
    .orderBy(asc(invoices.id));
  return notes.filter((n) => !sent.has(n.id));
}

async function check(orderId: string, opts: CancelOptions, reason: string | null): Promise<Payment[]> {
  return inTransaction(async (tx) => {
    const order = await lockOwnOrder(tx, orderId, opts.session);
    assertCancellable(order, opts.by, reason);
    const rows = await tx.select().from(payments).where(eq(payments.orderId, orderId)).for("update");
    assertNoPaymentInFlight(rows);
    return rows;
  });
}

/** The webhook may be late: Stripe's word on every attempt not known to be finished. */
async function reconcileStripe(rows: Payment[], locale: Locale): Promise<void> {
  for (const row of rows) {
    if (row.provider !== "stripe" || FINISHED.includes(row.status) || !row.providerPaymentId) continue;
    const providerPaymentId = row.providerPaymentId;
    const snapshot = await providerCall(() => providerForPayment(row).retrieve(providerPaymentId), "errors.paymentProviderFailed");
    await inTransaction(async (tx, effects) => {
      await lockOrder(tx, row.orderId);
      const [current] = await tx.select().from(payments).where(eq(payments.id, row.id)).for("update");
      if (current) await applyPaymentState(tx, current, snapshot, { locale, effects, source: "cancel" });
    });
  }
}

export async function cancelOrderAs(orderId: string, opts: CancelOptions, locale: Locale): Promise<Order> {
  const reason = opts.reason?.trim() || null;
  const guard = (order: Order) => {
    if (opts.session && order.userId !== opts.session.user.id) throw notFound();
    assertCancellable(order, opts.by, reason);
  };
  if (opts.by.actor === "customer") await limitOrderAction("cancel", { userId: opts.by.userId ?? null, clientIp: opts.clientIp });
  const before = await check(orderId, opts, reason);
  await reconcileStripe(before, locale);

  let refunded: RefundOutcome | null = null;
  const after = await (await getDb()).select().from(payments).where(eq(payments.orderId, orderId));
  assertNoPaymentInFlight(after);
  const left = after.filter((p) => p.status === "succeeded" && p.amountCents > p.refundedCents);
  if (left.length > 0) {
    try {
      refunded = await refundOrder(orderId, {
        reason: reason ?? CANCEL_REFUND_REASON,
        by: opts.by,
        locale,
        notify: false,
        guard,
        limitCents: opts.refundLimitCents,
      });
    } catch (err) {
      if (!(err instanceof ApiError && err.key === "errors.nothingToRefund")) throw err;
    }
  }

  for (const row of after.filter(toCancel)) await cancelAttempt(row, locale);

  return inTransaction(async (tx, effects) => {
    const order = await lockOwnOrder(tx, orderId, opts.session);
    assertCancellable(order, opts.by, reason);
    const money = await moneyLeft(tx, orderId);
    if (money.totalCents > 0) throw new ApiError(409, "errors.orderChangedConcurrently");
    assertNoPaymentInFlight(money.payments);
    if (money.payments.some(toCancel)) throw new ApiError(409, "errors.orderChangedConcurrently");
    const mailable = await mayMailAbout(tx, order);
    const data = {
      ...(refunded ? { refundedCents: sumOf(refunded.refunds), refundIds: refunded.refunds.map((r) => r.id) } : {}),
      ...(mailable ? {} : { mailWithheld: "unverified_address" }),
    };
    const updated = await moveOrder(tx, order, {
      action: "cancel",
      by: opts.by,
      paid: false, // no cancel edge requires payment
      note: reason,
      set: { cancelReason: reason },
      data: Object.keys(data).length > 0 ? data : null,
    });
    if (!mailable) return updated;
    const given = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, ["succeeded", "pending"])));
    const creditNotes = await unsentCreditNotes(tx, orderId);
    const mail = await cancelledMail(tx, updated, {
      reason: opts.by.actor === "admin" ? reason : null,
      refundedCents: sumOf(given),
      creditNote:
        creditNotes.length === 0 ? null : creditNotes.some((c) => creditNoteKindOf(c) === "cancellation") ? "cancellation" : "correction",
    });
    const attachments = creditNotes.map((c) => ({ type: "invoice" as const, invoiceId: c.id }));
    effects.mailIds.push(
      await queueMail(tx, { ...mail, kind: "cancelled", orderId, attachments: attachments.length ? attachments : null }),
    );
    return updated;
  });
}

export async function cancelOwnOrder(session: Viewer, orderId: string, locale: Locale, clientIp?: string): Promise<OrderDto> {
  await cancelOrderAs(orderId, { by: { actor: "customer", userId: session.user.id }, session, clientIp }, locale);
  const db = await getDb();
  const bundle = await loadBundle(db, orderId);
  if (!bundle || bundle.order.userId !== session.user.id) throw notFound();
  const [dto] = await toOrderDtos(db, [bundle], locale);
  if (!dto) throw notFound();
  return dto;
}
