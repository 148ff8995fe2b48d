import { eq } from "drizzle-orm";
import * as cartDiscountRoute from "@/app/api/user/cart/discount/route";
import { getDb } from "@/db/client";
import { discountCodes, discountRedemptions, type DiscountCode } from "@/db/schema";
import type { CartDto } from "@/lib/schemas/cart";
import { call, cookieFor, type Role } from "./api";

export type ErrorBody = { message: string; errors?: Record<string, string> };
export type Who = Role | { cookie: string };

const cookieOf = async (who: Who) => (typeof who === "string" ? cookieFor(who) : who.cookie);

let serial = 0;
export async function makeCode(overrides: Partial<typeof discountCodes.$inferInsert> = {}): Promise<DiscountCode> {
  serial += 1;
  const [row] = await (
    await getDb()
  )
    .insert(discountCodes)
    .values({ code: `TEST${serial}-${Date.now() % 100000}`, kind: "percent", percent: 10, ...overrides })
    .returning();
  if (!row) throw new Error("code inserted");
  return row;
}

export async function codeRow(id: number): Promise<DiscountCode> {
  const [row] = await (await getDb()).select().from(discountCodes).where(eq(discountCodes.id, id));
  if (!row) throw new Error(`code ${id}`);
  return row;
}

export async function redemptionsOf(codeId: number) {
  return (await getDb()).select().from(discountRedemptions).where(eq(discountRedemptions.discountCodeId, codeId));
}

/** `ip`: the client address the entry comes from (failed entries are limited per client network). */
export async function applyCode(code: string, who: Who = "customer", lang: "en" | "de" = "en", ip?: string) {
  return call<CartDto & ErrorBody>(cartDiscountRoute.POST, {
    method: "POST",
    path: "/api/user/cart/discount",
    body: { code },
    cookie: await cookieOf(who),
    headers: { "accept-language": lang, ...(ip ? { "x-forwarded-for": ip } : {}) },
  });
}

export async function removeCode(who: Who = "customer") {
  return call<CartDto & ErrorBody>(cartDiscountRoute.DELETE, {
    method: "DELETE",
    path: "/api/user/cart/discount",
    cookie: await cookieOf(who),
  });
}
