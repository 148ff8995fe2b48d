import fs from "node:fs";
import path from "node:path";
import { randomInt, randomUUID } from "node:crypto";
import sharp from "sharp";
import { beforeAll, expect } from "vitest";
import { eq } from "drizzle-orm";
import * as itemsRoute from "@/app/api/user/cart/items/route";
import * as cartRoute from "@/app/api/user/cart/route";
import * as ordersRoute from "@/app/api/user/orders/route";
import * as orderRoute from "@/app/api/user/orders/[orderId]/route";
import * as paymentRoute from "@/app/api/user/orders/[orderId]/payment/route";
import * as sandboxRoute from "@/app/api/user/orders/[orderId]/payment/sandbox/route";
import * as authenticateRoute from "@/app/api/user/orders/[orderId]/payment/sandbox/authenticate/route";
import * as cancelRoute from "@/app/api/user/orders/[orderId]/cancel/route";
import * as receiptRoute from "@/app/api/user/orders/[orderId]/receipt/route";
import * as configRoute from "@/app/api/user/payments/config/route";
import { getDb } from "@/db/client";
import { outgoingMail, payments, users } from "@/db/schema";
import { MUG_ARTICLE } from "@/db/seed-data";
import { resetEnvCache } from "@/lib/env";
import { flushAfterResponse } from "@/lib/request-context/after-response";
import type { CartDto } from "@/lib/schemas/cart";
import type { OrderDto, PaymentConfigDto, PaymentDto, PlaceOrderBody, PlaceOrderResponse, SandboxCardBody } from "@/lib/schemas/orders";
import { listPublicMugs } from "@/lib/services/catalog";
import { storeImage } from "@/lib/services/images";
import { call, cookieFor, cookieFrom, type Role } from "./api";
import { registerCustomer } from "./register";
import { TEST_USERS, tempDir } from "./test-db";

export type ErrorBody = { message: string; errors?: Record<string, string> };
export type Who = Role | { cookie: string };
export type Lang = "en" | "de";

export const CARDS = { ok: "4242 4242 4242 4242", declined: "4000 0000 0000 0002", threeDs: "4000 0027 6000 3184" } as const;
export const FUTURE_YEAR = new Date().getUTCFullYear() + 2;

async function cookieOf(who: Who): Promise<string | undefined> {
  return typeof who === "string" ? cookieFor(who) : who.cookie;
}

const headersFor = (lang: Lang) => ({ "accept-language": lang });
const orderPath = (orderId: string, rest = "") => `/api/user/orders/${orderId}${rest}`;

export async function userIdOf(email: string): Promise<number> {
  const [row] = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`user ${email} seeded`);
  return row.id;
}

export async function seededMug(): Promise<{ mugId: number; variantId: number; priceCents: number }> {
  const mug = (await listPublicMugs("en"))[0];
  const variant = mug?.variants.find((v) => v.name === "White") ?? mug?.variants[0];
  if (!mug || !variant) throw new Error("seeded mug with a variant");
  return { mugId: mug.id, variantId: variant.id, priceCents: mug.price.priceCents };
}

export async function fillCart(who: Who, ownerId: number, quantity = 1, opts: { keep?: boolean } = {}): Promise<CartDto> {
  if (!opts.keep) await clearCart(who);
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#36c" } })
    .png()
    .toBuffer();
  const image = await storeImage({ bytes, use: "generated", format: "png", type: "GENERATED", ownerId, promptId: null });
  const { mugId, variantId } = await seededMug();
  const res = await call<CartDto & ErrorBody>(itemsRoute.POST, {
    method: "POST",
    path: "/api/user/cart/items",
    body: { mugId, variantId, imageId: image.id, quantity },
    cookie: await cookieOf(who),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export async function clearCart(who: Who): Promise<void> {
  const res = await call(cartRoute.DELETE, { method: "DELETE", path: "/api/user/cart", cookie: await cookieOf(who) });
  expect(res.status).toBe(200);
}

export async function getCart(who: Who): Promise<CartDto> {
  const res = await call<CartDto>(cartRoute.GET, { path: "/api/user/cart", cookie: await cookieOf(who) });
  expect(res.status).toBe(200);
  return res.body;
}

export function checkoutBody(overrides: Partial<Record<keyof PlaceOrderBody, unknown>> = {}): Record<string, unknown> {
  return {
    idempotencyKey: randomUUID(),
    contact: { email: "anna@example.com", firstName: "Anna", lastName: "Muster", phone: "+49 30 1234567" },
    shippingAddress: {
      firstName: "Anna",
      lastName: "Muster",
      street1: "Hauptstraße 1",
      street2: null,
      city: "Berlin",
      postalCode: "10115",
      countryCode: "DE",
    },
    billingAddress: null,
    acceptWithdrawalWaiver: true,
    ...overrides,
  };
}

// A new account, so no other test's open unpaid order is re-used by its checkout.
export async function newCustomer(
  label = "buyer",
  opts: { password?: boolean } = {},
): Promise<{ cookie: string; id: number; email: string }> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const account = opts.password ? { password: "customer-pass-123" } : { guest: true };
  // Each buyer comes from their own address (registrations are limited per client address).
  const address = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
  const res = await registerCustomer<ErrorBody>({ email, firstName: "Test", lastName: "Buyer", ...account }, { ip: address });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { cookie: cookieFrom(res), id: await userIdOf(email), email };
}

export async function placeOrder(body: unknown, who: Who = "customer", lang: Lang = "en") {
  return call<PlaceOrderResponse & ErrorBody>(ordersRoute.POST, {
    method: "POST",
    path: "/api/user/orders",
    body,
    cookie: await cookieOf(who),
    headers: headersFor(lang),
  });
}

export async function placedOrder(
  who: Who,
  ownerId: number,
  opts: { quantity?: number; lang?: Lang; body?: Record<string, unknown> } = {},
): Promise<PlaceOrderResponse> {
  await fillCart(who, ownerId, opts.quantity ?? 1);
  const res = await placeOrder(opts.body ?? checkoutBody(), who, opts.lang ?? "en");
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export async function listOrders(who: Who = "customer", lang: Lang = "en") {
  return call<OrderDto[] & ErrorBody>(ordersRoute.GET, {
    path: "/api/user/orders",
    cookie: await cookieOf(who),
    headers: headersFor(lang),
  });
}

export async function getOrder(orderId: string, who: Who = "customer", lang: Lang = "en") {
  return call<OrderDto & ErrorBody>(orderRoute.GET, {
    path: orderPath(orderId),
    params: { orderId },
    cookie: await cookieOf(who),
    headers: headersFor(lang),
  });
}

export async function retryPayment(orderId: string, who: Who = "customer", lang: Lang = "en") {
  return call<PaymentDto & ErrorBody>(paymentRoute.POST, {
    method: "POST",
    path: orderPath(orderId, "/payment"),
    params: { orderId },
    cookie: await cookieOf(who),
    headers: headersFor(lang),
  });
}

export function card(number: string, overrides: Partial<SandboxCardBody> = {}): SandboxCardBody {
  return { cardNumber: number, expMonth: 12, expYear: FUTURE_YEAR, cvc: "123", ...overrides };
}

export async function paySandbox(orderId: string, body: unknown, who: Who = "customer", lang: Lang = "en") {
  const res = await call<PaymentDto & ErrorBody>(sandboxRoute.POST, {
    method: "POST",
    path: orderPath(orderId, "/payment/sandbox"),
    params: { orderId },
    body,
    cookie: await cookieOf(who),
    headers: headersFor(lang),
  });
  await flushAfterResponse(); // the invoice PDF and the receipt follow the answer, as a browser's next look would find them
  return res;
}

export async function authenticateSandbox(orderId: string, body: unknown, who: Who = "customer", lang: Lang = "en") {
  const res = await call<PaymentDto & ErrorBody>(authenticateRoute.POST, {
    method: "POST",
    path: orderPath(orderId, "/payment/sandbox/authenticate"),
    params: { orderId },
    body,
    cookie: await cookieOf(who),
    headers: headersFor(lang),
  });
  await flushAfterResponse(); // the invoice PDF and the receipt follow the answer, as a browser's next look would find them
  return res;
}

export async function cancelOrder(orderId: string, who: Who = "customer") {
  return call<OrderDto & ErrorBody>(cancelRoute.POST, {
    method: "POST",
    path: orderPath(orderId, "/cancel"),
    params: { orderId },
    cookie: await cookieOf(who),
  });
}

export async function getReceipt(orderId: string, who: Who = "customer", lang: Lang = "en") {
  return call<string & ErrorBody>(receiptRoute.GET, {
    path: orderPath(orderId, "/receipt"),
    params: { orderId },
    cookie: await cookieOf(who),
    headers: headersFor(lang),
  });
}

export async function paymentConfig(who: Who = "customer") {
  return call<PaymentConfigDto & ErrorBody>(configRoute.GET, { path: "/api/user/payments/config", cookie: await cookieOf(who) });
}

export function outboxFiles(dataDir: string): { name: string; text: string }[] {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((name) => ({ name, text: fs.readFileSync(path.join(dir, name), "utf8") }));
}

export function readableMail(eml: string): string {
  const unfolded = eml.replace(/=\r?\n/g, "");
  const qp = unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const words = qp.replace(/=\?utf-8\?Q\?([^?]*)\?=/gi, (_, w: string) => w.replace(/_/g, " "));
  return Buffer.from(words, "latin1").toString("utf8");
}

export const MUG_PRICE = MUG_ARTICLE.price.salesTotalGrossCents; // 1499 gross
export const ANY_UUID = "7d3f9a52-4c1e-4b8a-9f0e-2a6b5c4d3e21";

export let dataDir: string;
export let customerId: number;
export let otherId: number;

export function setupOrderFixtures(): void {
  beforeAll(async () => {
    dataDir = tempDir("shop-test-orders-");
    process.env.DATA_DIR = dataDir;
    for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL"]) delete process.env[key];
    resetEnvCache();
    customerId = await userIdOf(TEST_USERS.customer.email);
    otherId = await userIdOf(TEST_USERS.other.email);
  });
}

export async function paymentRows(orderId: string) {
  return (await getDb()).select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
}

export async function mailsTo(email: string) {
  return (await getDb()).select().from(outgoingMail).where(eq(outgoingMail.to, email)).orderBy(outgoingMail.id);
}
