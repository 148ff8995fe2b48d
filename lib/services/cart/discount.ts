import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { carts } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { formatEuro } from "@/lib/format";
import type { Session } from "@/lib/auth/session";
import type { Locale } from "@/lib/i18n/config";
import type { DiscountReason } from "@/lib/domain/discount";
import type { CartDto } from "@/lib/schemas/cart";
import type { ApplyDiscountBody } from "@/lib/schemas/discounts";
import { checkCode, findCode, reusableOrderId } from "../discounts/uses";
import { getCart } from "./read";

export function discountError(reason: DiscountReason, minOrderCents: number, locale: Locale): ApiError {
  return new ApiError(422, `errors.discount.${reason}`, undefined, { minimum: formatEuro(minOrderCents, locale) });
}

/** Checked against the cart as it is now; a code that does not apply is refused with its reason and not stored. */
export async function applyCartDiscount(session: Session, body: ApplyDiscountBody, locale: Locale): Promise<CartDto> {
  const db = await getDb();
  const code = await findCode(db, body.code);
  if (!code) throw discountError("unknown", 0, locale);
  const cart = await getCart(session, locale);
  const customer = { userId: session.user.id, emails: [session.user.email] };
  const exceptOrderId = await reusableOrderId(db, session.user.id);
  const { problem } = await checkCode(db, code, { customer, goodsCents: cart.summary.subtotalCents, exceptOrderId });
  if (problem) throw discountError(problem, code.minOrderCents, locale);
  await db
    .insert(carts)
    .values({ userId: session.user.id, discountCodeId: code.id })
    .onConflictDoUpdate({ target: carts.userId, set: { discountCodeId: code.id } });
  return getCart(session, locale);
}

export async function removeCartDiscount(session: Session, locale: Locale): Promise<CartDto> {
  const db = await getDb();
  await db.update(carts).set({ discountCodeId: null }).where(eq(carts.userId, session.user.id));
  return getCart(session, locale);
}
