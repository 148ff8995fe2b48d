import "server-only";
/**
 * A code's uses: checked for the cart and again, with the code row locked, in the transaction that places
 * the order. Every redemption is written and released with that row locked, so its usedCount and the
 * per-customer counts read under the lock are exact.
 */
import { and, desc, eq, inArray, notExists, or, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { discountCodes, discountRedemptions, orders, payments, type DiscountCode } from "@/db/schema";
import { discountProblem, type DiscountReason, type DiscountTerms } from "@/lib/domain/discount";
import { MONEY_MOVED } from "../orders/payment-state";

type Queryable = Db | Tx;

export interface Customer {
  userId: number;
  /** Every email of the customer known here (account, checkout contact); compared lower-cased. */
  emails: string[];
}

export function termsOf(code: Pick<DiscountCode, "kind" | "percent" | "amountCents">): DiscountTerms {
  return code.kind === "percent" ? { kind: "percent", percent: code.percent ?? 0 } : { kind: "fixed", amountCents: code.amountCents ?? 0 };
}

/** The code as a customer typed it, matched case-insensitively; `lock` holds its row until the transaction ends. */
export async function findCode(db: Queryable, text: string, lock = false): Promise<DiscountCode | undefined> {
  const query = db
    .select()
    .from(discountCodes)
    .where(sql`lower(${discountCodes.code}) = lower(${text.trim()})`);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function lockCodeById(tx: Tx, id: number): Promise<DiscountCode | undefined> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for("update");
  return row;
}

/** The unpaid order a new checkout of this user would be placed into again (orders/place.ts): its use is not counted twice. */
export async function reusableOrderId(db: Queryable, userId: number): Promise<string | null> {
  const moneyMoved = db
    .select({ one: sql`1` })
    .from(payments)
    .where(and(eq(payments.orderId, orders.id), inArray(payments.status, [...MONEY_MOVED])));
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "pending"), notExists(moneyMoved)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row?.id ?? null;
}

interface Counts {
  usedCount: number;
  usedByCustomer: number;
}

/** The code's uses without those of `exceptOrderId` (the order being placed again). */
async function countUses(db: Queryable, code: DiscountCode, customer: Customer, exceptOrderId: string | null): Promise<Counts> {
  const emails = [...new Set(customer.emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const sameCustomer = or(eq(orders.userId, customer.userId), emails.length ? inArray(sql`lower(${orders.email})`, emails) : undefined);
  const [row] = await db
    .select({
      mine: sql<number>`count(*) filter (where ${sameCustomer})::int`,
      own: exceptOrderId ? sql<number>`count(*) filter (where ${orders.id} = ${exceptOrderId})::int` : sql<number>`0`,
    })
    .from(discountRedemptions)
    .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
    .where(eq(discountRedemptions.discountCodeId, code.id));
  const own = Number(row?.own ?? 0);
  return { usedCount: Math.max(0, code.usedCount - own), usedByCustomer: Math.max(0, Number(row?.mine ?? 0) - own) };
}

export interface Verdict {
  terms: DiscountTerms;
  problem: DiscountReason | null;
}

export async function checkCode(
  db: Queryable,
  code: DiscountCode,
  use: { customer: Customer; goodsCents: number; exceptOrderId: string | null; now?: Date },
): Promise<Verdict> {
  const counts = await countUses(db, code, use.customer, use.exceptOrderId);
  return {
    terms: termsOf(code),
    problem: discountProblem(code, { now: use.now ?? new Date(), goodsCents: use.goodsCents, ...counts }),
  };
}

/** Inside the placing transaction, with the code row locked: the order's use is counted once. */
export async function redeem(tx: Tx, input: { codeId: number; orderId: string; amountCents: number }): Promise<void> {
  await tx.insert(discountRedemptions).values({ discountCodeId: input.codeId, orderId: input.orderId, amountCents: input.amountCents });
  await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(eq(discountCodes.id, input.codeId));
}

/** Gives the order's use back (cancelled, expired, or placed again); the caller holds the order row. */
export async function releaseRedemption(tx: Tx, orderId: string): Promise<void> {
  const [held] = await tx
    .select({ id: discountRedemptions.id, codeId: discountRedemptions.discountCodeId })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.orderId, orderId));
  if (!held) return;
  await lockCodeById(tx, held.codeId);
  await tx.delete(discountRedemptions).where(eq(discountRedemptions.id, held.id));
  await tx
    .update(discountCodes)
    .set({ usedCount: sql`greatest(${discountCodes.usedCount} - 1, 0)` })
    .where(eq(discountCodes.id, held.codeId));
}
