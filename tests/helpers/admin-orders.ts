import { beforeAll, expect } from "vitest";
import { resetEnvCache } from "@/lib/env";
import type { AdminOrderDetail, AdminOrderPage } from "@/lib/schemas/admin-orders";
import * as listRoute from "@/app/api/admin/orders/route";
import * as detailRoute from "@/app/api/admin/orders/[orderId]/route";
import * as exportRoute from "@/app/api/admin/orders/export/route";
import * as printRoute from "@/app/api/admin/orders/[orderId]/items/[itemId]/print/route";
import * as processRoute from "@/app/api/admin/orders/[orderId]/process/route";
import { call, cookieFor, type Role } from "./api";
import { TEST_USERS, tempDir } from "./test-db";
import { userIdOf, type ErrorBody } from "./orders";

export const ANY_UUID = "7d3f9a52-4c1e-4b8a-9f0e-2a6b5c4d3e21";
type Lang = "en" | "de";

export let customerId: number;
export let otherId: number;

export function setupAdminOrderFixtures(): void {
  beforeAll(async () => {
    process.env.DATA_DIR = tempDir("shop-test-admin-orders-");
    for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL"]) delete process.env[key];
    resetEnvCache();
    customerId = await userIdOf(TEST_USERS.customer.email);
    otherId = await userIdOf(TEST_USERS.other.email);
  });
}

export async function list(query: Record<string, string>, who: Role = "admin") {
  const qs = new URLSearchParams(query).toString();
  return call<AdminOrderPage & ErrorBody>(listRoute.GET, { path: `/api/admin/orders?${qs}`, cookie: await cookieFor(who) });
}

export async function detail(orderId: string, who: Role = "admin", lang: Lang = "en") {
  return call<AdminOrderDetail & ErrorBody>(detailRoute.GET, {
    path: `/api/admin/orders/${orderId}`,
    params: { orderId },
    cookie: await cookieFor(who),
    headers: { "accept-language": lang },
  });
}

export async function printPdf(orderId: string, itemId: string | number, who: Role = "admin") {
  const path = `/api/admin/orders/${orderId}/items/${itemId}/print`;
  return call<string & ErrorBody>(printRoute.GET, { path, params: { orderId, itemId: String(itemId) }, cookie: await cookieFor(who) });
}

export async function exportCsv(query: Record<string, string>, who: Role = "admin") {
  return call<string & ErrorBody>(exportRoute.GET, {
    path: `/api/admin/orders/export?${new URLSearchParams(query).toString()}`,
    cookie: await cookieFor(who),
  });
}

export async function adminPost(handler: typeof processRoute.POST, orderId: string, action: string, body?: unknown) {
  const res = await call<AdminOrderDetail & ErrorBody>(handler, {
    method: "POST",
    path: `/api/admin/orders/${orderId}/${action}`,
    params: { orderId },
    body,
    cookie: await cookieFor("admin"),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export const at = (iso: string) => new Date(iso);
export const numbers = (page: AdminOrderPage) => page.items.map((i) => i.orderNumber);
