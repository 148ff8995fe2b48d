import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { carts, discountCodes, discountRedemptions, type DiscountCode } from "@/db/schema";
import { discountedTotals, type DiscountedTotals } from "@/lib/domain/discount";
import type { Destination, TotalsLine } from "@/lib/domain/pricing";
import { goodsOf } from "./cart-state";
import { checkCode, type Customer } from "./uses";

export type CheckoutDiscount = (DiscountedTotals & { kind: "none" | "applied"; code: DiscountCode | null }) | { kind: "dropped" };

/** Codes are locked in id order, so two checkouts never wait for each other in a circle. */
export async function checkoutDiscount(
  tx: Tx,
  input: {
    customer: Customer;
    lines: readonly TotalsLine[];
    destination: Destination;
    shippingVatPercent: number;
    reusedOrderId: string | null;
  },
): Promise<CheckoutDiscount> {
  const [cart] = await tx.select({ codeId: carts.discountCodeId }).from(carts).where(eq(carts.userId, input.customer.userId));
  const held = input.reusedOrderId
    ? await tx
        .select({ codeId: discountRedemptions.discountCodeId })
        .from(discountRedemptions)
        .where(eq(discountRedemptions.orderId, input.reusedOrderId))
    : [];
  const ids = [...new Set([cart?.codeId, ...held.map((h) => h.codeId)].filter((id): id is number => typeof id === "number"))];
  const locked = ids.length
    ? await tx.select().from(discountCodes).where(inArray(discountCodes.id, ids)).orderBy(asc(discountCodes.id)).for("update")
    : [];
  const code = locked.find((c) => c.id === cart?.codeId);
  if (!code) return { kind: "none", code: null, ...discountedTotals(input.lines, input.destination, input.shippingVatPercent, null) };

  const verdict = await checkCode(tx, code, {
    customer: input.customer,
    goodsCents: goodsOf(input.lines, input.destination),
    exceptOrderId: input.reusedOrderId,
  });
  if (verdict.problem) {
    await tx.update(carts).set({ discountCodeId: null }).where(eq(carts.userId, input.customer.userId));
    return { kind: "dropped" };
  }
  return { kind: "applied", code, ...discountedTotals(input.lines, input.destination, input.shippingVatPercent, verdict.terms) };
}
