import "server-only";
import { sql } from "drizzle-orm";
import { payments, type Payment, type Refund } from "@/db/schema";

export type AdminPaymentStatus = "unpaid" | "paid" | "partially_refunded" | "refunded";

export interface MoneySummary {
  paidCents: number;
  refundedCents: number;
  refundableCents: number;
  paid: boolean;
}

type PaymentMoney = Pick<Payment, "id" | "status" | "amountCents" | "refundedCents">;

export function moneyOf(
  paymentRows: readonly PaymentMoney[],
  refundRows: readonly Pick<Refund, "paymentId" | "status" | "amountCents">[] = [],
): MoneySummary {
  let paidCents = 0;
  let refundedCents = 0;
  let refundableCents = 0;
  for (const p of paymentRows) {
    if (p.status === "succeeded" || p.status === "refunded") paidCents += p.amountCents;
    refundedCents += Math.max(p.refundedCents, p.status === "refunded" ? p.amountCents : 0);
    if (p.status !== "succeeded") continue;
    const inFlight = refundRows.filter((r) => r.paymentId === p.id && r.status === "pending").reduce((sum, r) => sum + r.amountCents, 0);
    refundableCents += Math.max(0, p.amountCents - p.refundedCents - inFlight);
  }
  return { paidCents, refundedCents, refundableCents, paid: refundableCents > 0 };
}

/** An automatically refunded duplicate payment leaves the order paid. */
export function adminPaymentStatus(money: Pick<MoneySummary, "paidCents" | "refundedCents">, totalCents: number): AdminPaymentStatus {
  if (money.paidCents === 0) return "unpaid";
  if (money.refundedCents >= money.paidCents) return "refunded";
  if (money.refundedCents > 0 && money.paidCents - money.refundedCents < totalCents) return "partially_refunded";
  return "paid";
}

/**
 * Qualified names: drizzle leaves columns of a single-table select unqualified, which would bind "id"
 * inside the subquery to the wrong table.
 */
export const paidCentsSql = sql<number>`(select coalesce(sum(p.amount_cents), 0)::int from payments p where p.order_id = "orders"."id" and p.status in ('succeeded', 'refunded'))`;
/** What a payment gave back, over its payments table row (unqualified: for a select from payments). */
export const refundedOfPaymentSql = sql<number>`greatest(${payments.refundedCents}, case when ${payments.status} = 'refunded' then ${payments.amountCents} else 0 end)`;
export const refundedCentsSql = sql<number>`(select coalesce(sum(greatest(p.refunded_cents, case when p.status = 'refunded' then p.amount_cents else 0 end)), 0)::int from payments p where p.order_id = "orders"."id")`;
export const paidFlagSql = sql<boolean>`exists (select 1 from payments p where p.order_id = "orders"."id" and p.status = 'succeeded' and p.amount_cents - p.refunded_cents > (select coalesce(sum(r.amount_cents), 0) from refunds r where r.payment_id = p.id and r.status = 'pending'))`;
