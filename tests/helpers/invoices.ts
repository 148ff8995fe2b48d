import path from "node:path";
import { GERMANY } from "./shipping";
import zlib from "node:zlib";
import { randomUUID } from "node:crypto";
import { beforeAll, expect } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { invoices, orderItems, orders, payments, refunds, type Invoice } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { resetStorage } from "@/lib/integrations/storage";
import { orderTotals } from "@/lib/domain/pricing";
import type { InvoiceContent } from "@/lib/services/invoices";
import { issueCreditNote } from "@/lib/services/orders/invoicing/issue";
import { berlinDay } from "@/lib/domain/berlin-time";
import { inTransaction } from "@/lib/services/orders/core/unit-of-work";
import * as adminInvoiceRoute from "@/app/api/admin/orders/[orderId]/invoice/route";
import * as userInvoiceRoute from "@/app/api/user/orders/[orderId]/invoice/route";
import * as adminRefundRoute from "@/app/api/admin/orders/[orderId]/refund/route";
import { call, cookieFor, type Role } from "./api";
import { TEST_USERS, tempDir } from "./test-db";
import { card, CARDS, checkoutBody, fillCart, paySandbox, placedOrder, placeOrder, userIdOf, type Who } from "./orders";

export const YEAR = Number(berlinDay(new Date()).slice(0, 4));
export const num = (sequence: number) => `RE-${YEAR}-${String(sequence).padStart(6, "0")}`;
export const ANY_UUID = "7d3f9a52-4c1e-4b8a-9f0e-2a6b5c4d3e21";
export const SELLER = {
  SELLER_NAME: "Becher & Co. GmbH",
  SELLER_STREET: "Musterweg 5",
  SELLER_POSTAL_CODE: "20095",
  SELLER_CITY: "Hamburg",
  SELLER_EMAIL: "rechnung@becher.example",
  SELLER_VAT_ID: "DE123456789",
  SELLER_TAX_NUMBER: "22/123/45678",
};

export let dataDir: string;
export let customerId: number;

export function setupInvoiceFixtures(): void {
  beforeAll(async () => {
    dataDir = tempDir("shop-test-invoices-");
    process.env.DATA_DIR = dataDir;
    // Own storage folder: other test files issue invoices with the same numbers.
    process.env.STORAGE_DIR = path.join(dataDir, "storage");
    resetStorage();
    for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL"]) delete process.env[key];
    Object.assign(process.env, SELLER);
    // Many accounts registered from one address here; the registration limit has its own test (ai-money).
    process.env.REGISTRATIONS_PER_HOUR = "1000";
    resetEnvCache();
    customerId = await userIdOf(TEST_USERS.customer.email);
  });
}

export async function invoicesOf(orderId: string): Promise<Invoice[]> {
  return (await getDb()).select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
}

export async function invoiceOf(orderId: string): Promise<Invoice> {
  const [row] = (await invoicesOf(orderId)).filter((i) => i.kind === "invoice");
  if (!row) throw new Error(`order ${orderId} has no invoice`);
  return row;
}

export async function paidOrder(who: Who = "customer", ownerId = customerId, lang: "en" | "de" = "en"): Promise<string> {
  const { order } = await placedOrder(who, ownerId, { lang, body: orderBody() });
  const paid = await paySandbox(order.id, card(CARDS.ok), who, lang);
  expect(paid.body.status, JSON.stringify(paid.body)).toBe("succeeded");
  return order.id;
}

export async function download(orderId: string, who: Role, invoiceId?: number, admin = false) {
  const query = invoiceId === undefined ? "" : `?invoiceId=${invoiceId}`;
  const handler = admin ? adminInvoiceRoute.GET : userInvoiceRoute.GET;
  const base = admin ? `/api/admin/orders/${orderId}/invoice` : `/api/user/orders/${orderId}/invoice`;
  const req = new Request(`http://localhost${base}${query}`, {
    headers: { "accept-language": "en", ...(who === "anonymous" ? {} : { cookie: (await cookieFor(who)) ?? "" }) },
  });
  const res = await handler(req, { params: Promise.resolve({ orderId }) });
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = res.headers.get("content-type")?.includes("json") ? (JSON.parse(bytes.toString("utf8")) as { message: string }) : null;
  return { status: res.status, headers: res.headers, bytes, message: json?.message };
}

const WIN_ANSI: Record<number, string> = { 0x80: "€", 0x84: "„", 0x85: "…", 0x93: "“", 0x94: "”", 0x96: "–", 0x97: "—" };

// react-pdf draws a line in several runs, so runs are joined without a separator.
export function pdfText(bytes: Buffer): string {
  const decode = (hex: string) => [...Buffer.from(hex, "hex")].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join("");
  const out: string[] = [];
  const raw = bytes.toString("latin1");
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    let content: string;
    try {
      content = zlib.inflateSync(bytes.subarray(start, raw.indexOf("endstream", start))).toString("latin1");
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[(.*?)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? "") : [op[2] ?? ""];
      out.push(hexes.map(decode).join(""));
    }
  }
  return out.join("");
}

export function content(row: Invoice | null | undefined): InvoiceContent {
  if (!row) throw new Error("document expected");
  return row.content as InvoiceContent;
}
export const orderBody = (overrides: Record<string, unknown> = {}) => checkoutBody({ acceptWithdrawalWaiver: true, ...overrides });

export async function twoRateOrder(locale: "de" | "en"): Promise<string> {
  await fillCart("customer", customerId, 1);
  await fillCart("customer", customerId, 2, { keep: true });
  const placed = await placeOrder(
    orderBody({
      billingAddress: {
        firstName: "Berta",
        lastName: "Beispiel",
        street1: "Rechnungsallee 9",
        street2: "2. OG",
        city: "München",
        postalCode: "80331",
        countryCode: "DE",
      },
    }),
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const orderId = placed.body.order.id;
  const db = await getDb();
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  expect(items).toHaveLength(2);
  await db
    .update(orderItems)
    .set({ vatPercent: 7 })
    .where(eq(orderItems.id, items[1]?.id ?? 0));
  const totals = orderTotals(
    items.map((i, n) => ({ unitPriceCents: i.unitPriceCents, quantity: i.quantity, vatPercent: n === 1 ? 7 : i.vatPercent })),
    GERMANY,
    19,
  );
  await db.update(orders).set({ taxCents: totals.taxCents, locale }).where(eq(orders.id, orderId));
  expect((await paySandbox(orderId, card(CARDS.ok))).body.status).toBe("succeeded");
  return orderId;
}

export async function refundRow(orderId: string, amountCents: number): Promise<number> {
  const db = await getDb();
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "succeeded")));
  const [row] = await db
    .insert(refunds)
    .values({
      orderId,
      paymentId: payment?.id ?? 0,
      amountCents,
      reason: "test",
      status: "succeeded",
      idempotencyKey: randomUUID(),
      source: "admin",
    })
    .returning({ id: refunds.id });
  return row?.id ?? 0;
}

export const creditNote = (orderId: string, refundId: number, amountCents: number) =>
  inTransaction((tx, effects) => issueCreditNote(tx, { orderId, refundId, amountCents }, effects));

export async function adminPost(handler: typeof adminRefundRoute.POST, orderId: string, action: string, body: unknown) {
  const res = await call<{ message?: string }>(handler, {
    method: "POST",
    path: `/api/admin/orders/${orderId}/${action}`,
    params: { orderId },
    body,
    cookie: await cookieFor("admin"),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
