import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { orderEvents, refunds, type Invoice, type Order, type Payment, type Refund } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors";
import { formatEuro } from "@/lib/format";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/config";
import { recordAudit, type AuditContext } from "../../audit";
import type { Actor } from "../core/events";
import { lockedPayments, lockOrder } from "../core/locks";
import { providerForPayment } from "../core/payment-provider";
import { inTransaction } from "../core/unit-of-work";

export interface RefundOptions {
  amountCents?: number;
  reason: string;
  by: Actor;
  idempotencyKey?: string;
  locale?: Locale;
  notify?: boolean;
  audit?: AuditContext;
  limitCents?: number;
}

export interface RefundOutcome {
  refunds: Refund[];
  creditNotes: Invoice[];
  refundedCents: number;
}

export interface MoneyLeft {
  payments: Payment[];
  left: Map<number, number>;
  totalCents: number;
}

export async function moneyLeft(tx: Tx, orderId: string): Promise<MoneyLeft> {
  const rows = await lockedPayments(tx, orderId);
  const pending = await tx
    .select({ paymentId: refunds.paymentId, cents: sql<number>`sum(${refunds.amountCents})::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "pending")))
    .groupBy(refunds.paymentId);
  const left = new Map<number, number>();
  for (const p of rows) {
    if (p.status !== "succeeded") continue;
    const inFlight = Number(pending.find((r) => r.paymentId === p.id)?.cents ?? 0);
    left.set(p.id, Math.max(0, p.amountCents - p.refundedCents - inFlight));
  }
  return { payments: rows, left, totalCents: [...left.values()].reduce((a, b) => a + b, 0) };
}

export async function duplicatePaymentIds(tx: Tx, orderId: string): Promise<Set<number>> {
  const rows = await tx
    .select({ data: orderEvents.data })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, "duplicate_payment")));
  return new Set(rows.map((r) => Number(r.data?.paymentId)).filter(Number.isInteger));
}

export interface Piece {
  refund: Refund;
  payment: Payment;
  resend?: boolean;
}

export interface ReserveInput extends RefundOptions {
  orderId: string;
  paymentId?: number;
  guard?: (order: Order) => void;
}

export async function reserve(input: ReserveInput): Promise<Piece[]> {
  return inTransaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) throw notFound();
    input.guard?.(order);
    const money = await moneyLeft(tx, order.id);
    const byId = new Map(money.payments.map((p) => [p.id, p]));
    if (input.idempotencyKey) {
      const key = input.idempotencyKey;
      const known = await tx
        .select()
        .from(refunds)
        .where(
          and(
            eq(refunds.orderId, order.id),
            sql`(${refunds.idempotencyKey} = ${key} OR ${refunds.idempotencyKey} LIKE ${`${key}:payment:%`})`,
          ),
        )
        .orderBy(asc(refunds.id));
      if (known.length > 0) return known.map((refund) => ({ refund, payment: byId.get(refund.paymentId) as Payment, resend: true }));
    }
    const duplicates = await duplicatePaymentIds(tx, order.id);
    const candidates = money.payments
      .filter((p) => (input.paymentId === undefined || p.id === input.paymentId) && (money.left.get(p.id) ?? 0) > 0)
      .sort((a, b) => Number(duplicates.has(a.id)) - Number(duplicates.has(b.id)) || a.id - b.id);
    const available = candidates.reduce((sum, p) => sum + (money.left.get(p.id) ?? 0), 0);
    if (available === 0) throw new ApiError(409, "errors.nothingToRefund");
    const amount = input.amountCents ?? available;
    if (amount > available)
      throw new ApiError(422, "errors.refundTooLarge", undefined, { max: formatEuro(available, input.locale ?? DEFAULT_LOCALE) });
    // Per order, not per call: staff cannot empty an order in steps below the limit.
    const refundedBefore =
      money.payments.filter((p) => p.status === "succeeded" || p.status === "refunded").reduce((sum, p) => sum + p.amountCents, 0) -
      money.totalCents;
    if (input.limitCents !== undefined && refundedBefore + amount > input.limitCents)
      throw new ApiError(403, "errors.refundAboveStaffLimit", undefined, {
        limit: formatEuro(input.limitCents, input.locale ?? DEFAULT_LOCALE),
      });

    const shares: { payment: Payment; cents: number }[] = [];
    let rest = amount;
    for (const payment of candidates) {
      const cents = Math.min(rest, money.left.get(payment.id) ?? 0);
      if (cents > 0) shares.push({ payment, cents });
      rest -= cents;
    }
    for (const s of shares) providerForPayment(s.payment);
    const pieces: Piece[] = [];
    for (const { payment, cents } of shares) {
      const key = input.idempotencyKey
        ? shares.length === 1
          ? input.idempotencyKey
          : `${input.idempotencyKey}:payment:${payment.id}`
        : `tmp:${randomUUID()}`;
      const [inserted] = await tx
        .insert(refunds)
        .values({
          orderId: order.id,
          paymentId: payment.id,
          amountCents: cents,
          reason: input.reason,
          status: "pending",
          idempotencyKey: key,
          source: input.by.actor,
          createdBy: input.by.userId ?? null,
        })
        .returning();
      if (!inserted) throw new Error("refunds insert returned no row");
      let refund = inserted;
      if (!input.idempotencyKey) {
        const [renamed] = await tx
          .update(refunds)
          .set({ idempotencyKey: `order:${order.id}:refund:${inserted.id}` })
          .where(eq(refunds.id, inserted.id))
          .returning();
        refund = renamed ?? inserted;
      }
      pieces.push({ refund, payment });
    }
    if (input.audit)
      await recordAudit(tx, {
        ...input.audit,
        action: "refund",
        target: { type: "order", id: order.id },
        details: { orderNumber: order.orderNumber, amountCents: amount, refundIds: pieces.map((p) => p.refund.id) },
      });
    return pieces;
  });
}
