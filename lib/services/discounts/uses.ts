import "server-only";
/** Every redemption is written and released with the code row locked, so the counts read under the lock are exact. */
import { and, desc, eq, exists, gt, inArray, not, notExists, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { discountCodes, discountRedemptions, orderAddresses, orders, payments, users, type DiscountCode } from "@/db/schema";
import { discountProblem, type DiscountReason, type DiscountTerms } from "@/lib/domain/discount";
import { env } from "@/lib/env";
import { MONEY_MOVED } from "@/lib/domain/order-flow";

type Queryable = Db | Tx;

export interface ShippingKey {
  street1: string;
  postalCode: string;
  countryCode: string;
}

export interface Customer {
  userId: number;
  email: string;
  verified: boolean;
  shipping?: ShippingKey | null;
}

export async function customerOf(db: Queryable, userId: number, shipping: ShippingKey | null = null): Promise<Customer> {
  const [row] = await db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return { userId, email: (row?.email ?? "").trim().toLowerCase(), verified: Boolean(row?.verifiedAt), shipping };
}

function addressKey(street1: SQL, postalCode: SQL, countryCode: SQL): SQL {
  const street = sql`regexp_replace(replace(replace(replace(replace(replace(lower(${street1}), 'ß', 'ss'), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'strasse', 'str'), '[^a-z0-9]', '', 'g')`;
  return sql`(${street} || '|' || regexp_replace(lower(${postalCode}), '[^a-z0-9]', '', 'g') || '|' || upper(${countryCode}))`;
}

function sameShipping(shipping: ShippingKey): SQL {
  const given = addressKey(sql`${shipping.street1}::text`, sql`${shipping.postalCode}::text`, sql`${shipping.countryCode}::text`);
  const stored = addressKey(sql`${orderAddresses.street1}`, sql`${orderAddresses.postalCode}`, sql`${orderAddresses.countryCode}::text`);
  return sql`exists (select 1 from ${orderAddresses} where ${orderAddresses.orderId} = ${orders.id} and ${orderAddresses.kind} = 'shipping' and ${stored} = ${given})`;
}

export function termsOf(code: Pick<DiscountCode, "kind" | "percent" | "amountCents">): DiscountTerms {
  return code.kind === "percent" ? { kind: "percent", percent: code.percent ?? 0 } : { kind: "fixed", amountCents: code.amountCents ?? 0 };
}

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
  usedByAccount: number;
}

function countedUse(db: Queryable, now: Date): SQL {
  const holdStart = new Date(now.getTime() - env().DISCOUNT_HOLD_MINUTES * 60_000);
  const paid = db
    .select({ one: sql`1` })
    .from(payments)
    .where(and(eq(payments.orderId, orders.id), inArray(payments.status, [...MONEY_MOVED])));
  return or(exists(paid), gt(orders.createdAt, holdStart)) ?? sql`true`;
}

async function countUses(db: Queryable, code: DiscountCode, customer: Customer, exceptOrderId: string | null, now: Date): Promise<Counts> {
  const ownEmail = customer.email ? sql`lower(${orders.email}) = ${customer.email}` : undefined;
  const sameAccount = or(eq(orders.userId, customer.userId), customer.verified ? ownEmail : undefined);
  const sameCustomer = or(sameAccount, ownEmail, customer.shipping ? sameShipping(customer.shipping) : undefined);
  const own = exceptOrderId ? eq(orders.id, exceptOrderId) : sql`false`;
  const counted = and(countedUse(db, now), not(own));
  const [row] = await db
    .select({
      notCounted: sql<number>`count(*) filter (where not (${counted}))::int`,
      mine: sql<number>`count(*) filter (where ${counted} and (${sameCustomer}))::int`,
      account: sql<number>`count(*) filter (where ${counted} and (${sameAccount}))::int`,
    })
    .from(discountRedemptions)
    .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
    .where(eq(discountRedemptions.discountCodeId, code.id));
  return {
    usedCount: Math.max(0, code.usedCount - Number(row?.notCounted ?? 0)),
    usedByCustomer: Number(row?.mine ?? 0),
    usedByAccount: Number(row?.account ?? 0),
  };
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
  const now = use.now ?? new Date();
  const counts = await countUses(db, code, use.customer, use.exceptOrderId, now);
  return {
    terms: termsOf(code),
    problem: discountProblem(code, { now, goodsCents: use.goodsCents, ...counts }),
  };
}

export async function redeem(tx: Tx, input: { codeId: number; orderId: string; amountCents: number }): Promise<void> {
  await tx.insert(discountRedemptions).values({ discountCodeId: input.codeId, orderId: input.orderId, amountCents: input.amountCents });
  await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(eq(discountCodes.id, input.codeId));
}

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
