import "server-only";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { carts, discountCodes, type DiscountCode } from "@/db/schema";
import { discountedTotals, type DiscountedTotals, type DiscountReason } from "@/lib/domain/discount";
import { chargedLine, type Destination, type TotalsLine } from "@/lib/domain/pricing";
import type { CartSummaryDto } from "@/lib/schemas/cart";
import { checkCode, customerOf, reusableOrderId, type Verdict } from "./uses";

type Queryable = Db | Tx;

export async function cartCode(db: Queryable, userId: number): Promise<DiscountCode | null> {
  const [row] = await db
    .select({ code: discountCodes })
    .from(carts)
    .innerJoin(discountCodes, eq(discountCodes.id, carts.discountCodeId))
    .where(eq(carts.userId, userId));
  return row?.code ?? null;
}

export interface CartDiscount {
  code: DiscountCode;
  verdict: Verdict;
}

export async function cartDiscount(
  db: Queryable,
  code: DiscountCode | null,
  userId: number,
  goodsCents: number,
): Promise<CartDiscount | null> {
  if (!code) return null;
  const customer = await customerOf(db, userId);
  const exceptOrderId = await reusableOrderId(db, userId);
  return { code, verdict: await checkCode(db, code, { customer, goodsCents, exceptOrderId }) };
}

/** The goods as charged at the destination: an export's minimum order counts its net prices, as its discount does. */
export const goodsOf = (lines: readonly TotalsLine[], destination: Pick<Destination, "tax">) =>
  lines.map((l) => chargedLine(l, destination.tax)).reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);

/** The summary never promises what checkout would refuse. */
export function summaryDiscount(
  lines: readonly TotalsLine[],
  destination: Destination,
  shippingVatPercent: number,
  discount: CartDiscount | null,
): DiscountedTotals & { discount: CartSummaryDto["discount"] } {
  const applies = discount !== null && discount.verdict.problem === null;
  const priced = discountedTotals(lines, destination, shippingVatPercent, applies ? discount.verdict.terms : null);
  if (!discount) return { ...priced, discount: null };
  const reason: DiscountReason | null = discount.verdict.problem;
  return {
    ...priced,
    discount: { code: discount.code.code, applied: applies, reason, minOrderCents: discount.code.minOrderCents },
  };
}
