import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { carts } from "@/db/schema";
import { clientNetwork } from "@/lib/request-context/client-ip";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import { formatEuro } from "@/lib/format";
import type { Viewer } from "@/lib/request-context/viewer";
import type { Locale } from "@/lib/i18n/config";
import type { DiscountReason } from "@/lib/domain/discount";
import type { CartDto } from "@/lib/schemas/cart";
import type { ApplyDiscountBody } from "@/lib/schemas/discounts";
import { checkCode, customerOf, findCode, reusableOrderId } from "../discounts/uses";
import { consume, release } from "../rate-limit";
import { getCart } from "./read";

export function discountError(reason: DiscountReason, minOrderCents: number, locale: Locale): ApiError {
  return new ApiError(422, `errors.discount.${reason}`, undefined, { minimum: formatEuro(minOrderCents, locale) });
}

const ENTRY_WINDOW_SECONDS = 3600;

/** Counted before the lookup and given back when the code applies, so a 429 tells nothing about the code. */
async function takeEntry(userId: number, clientIp: string): Promise<() => Promise<void>> {
  const limit = env().DISCOUNT_CODE_FAILURES_PER_HOUR;
  const windows = [`discount-code:user:${userId}`, `discount-code:net:${clientNetwork(clientIp)}`].map((key) => ({
    key,
    windowSeconds: ENTRY_WINDOW_SECONDS,
  }));
  for (const w of windows) {
    const taken = await consume({ ...w, limit });
    if (!taken.allowed) throw new ApiError(429, "errors.rateLimitDiscountCodes", undefined, { retryAfter: taken.retryAfter });
  }
  return async () => {
    for (const w of windows) await release(w);
  };
}

export async function applyCartDiscount(session: Viewer, body: ApplyDiscountBody, locale: Locale, clientIp: string): Promise<CartDto> {
  const giveBack = await takeEntry(session.user.id, clientIp);
  const db = await getDb();
  const code = await findCode(db, body.code);
  if (!code) throw discountError("unknown", 0, locale);
  const cart = await getCart(session, locale);
  const customer = await customerOf(db, session.user.id);
  const exceptOrderId = await reusableOrderId(db, session.user.id);
  const { problem } = await checkCode(db, code, { customer, goodsCents: cart.summary.subtotalCents, exceptOrderId });
  if (problem) throw discountError(problem, code.minOrderCents, locale);
  await giveBack();
  await db
    .insert(carts)
    .values({ userId: session.user.id, discountCodeId: code.id })
    .onConflictDoUpdate({ target: carts.userId, set: { discountCodeId: code.id } });
  return getCart(session, locale);
}

export async function removeCartDiscount(session: Viewer, locale: Locale): Promise<CartDto> {
  const db = await getDb();
  await db.update(carts).set({ discountCodeId: null }).where(eq(carts.userId, session.user.id));
  return getCart(session, locale);
}
