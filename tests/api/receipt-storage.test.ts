import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, isNull, and } from "drizzle-orm";
import { getDb } from "@/db/client";
import { invoices } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { pdfWorkerCounts } from "@/lib/integrations/pdf/off-thread";
import { resetStorage } from "@/lib/integrations/storage";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import { tempDir } from "../helpers/test-db";
import { card, CARDS, getReceipt, newCustomer, paySandbox, placedOrder } from "../helpers/orders";

let storageDir: string;

beforeAll(() => {
  storageDir = tempDir("shop-test-receipts-");
  process.env.STORAGE_DIR = storageDir;
  resetStorage();
});

afterEach(() => {
  delete process.env.PDF_QUEUE_MAX;
  resetEnvCache();
});

/** A new customer's paid order; returns once its invoice PDF (rendered after the payment) is stored. */
async function paidOrder(): Promise<{ orderId: string; who: { cookie: string } }> {
  const buyer = await newCustomer("receipt");
  const who = { cookie: buyer.cookie };
  const { order } = await placedOrder(who, buyer.id);
  expect((await paySandbox(order.id, card(CARDS.ok), who)).status).toBe(200);
  const db = await getDb();
  for (let i = 0; i < 100; i++) {
    const open = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), isNull(invoices.pdfKey)));
    if (open.length === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { orderId: order.id, who };
}

const renders = () => {
  const c = pdfWorkerCounts();
  return c.worker + c.mainThread;
};

function receiptFiles(): string[] {
  const dir = path.join(storageDir, "receipts");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".pdf"))
    .map((e) => e.name);
}

describe("GET /api/user/orders/{orderId}/receipt: rendered once, then served from storage", () => {
  it("the second download of the same receipt renders nothing and answers the stored bytes; another language is its own document", async () => {
    const { orderId, who } = await paidOrder();
    const before = renders();
    const first = await getReceipt(orderId, who, "en");
    expect(first.status).toBe(200);
    expect(renders()).toBe(before + 1);
    expect(receiptFiles()).toHaveLength(1);

    const second = await getReceipt(orderId, who, "en");
    expect(second.status).toBe(200);
    expect(renders()).toBe(before + 1);
    expect(second.body).toBe(first.body);

    const german = await getReceipt(orderId, who, "de");
    expect(german.status).toBe(200);
    expect(String(german.body).startsWith("%PDF")).toBe(true);
    expect(renders()).toBe(before + 2);
    expect(receiptFiles()).toHaveLength(2);
    await getReceipt(orderId, who, "de");
    expect(renders()).toBe(before + 2);
  }, 60_000);
});

describe("the PDF queue is bounded", () => {
  it("beyond PDF_QUEUE_MAX documents being rendered, a receipt answers 503 with Retry-After in the caller's language; afterwards it renders again", async () => {
    const a = await paidOrder();
    const b = await paidOrder();
    process.env.PDF_QUEUE_MAX = "1";
    resetEnvCache();
    const asks = [
      getReceipt(a.orderId, a.who, "en"),
      getReceipt(b.orderId, b.who, "en"),
      getReceipt(a.orderId, a.who, "de"),
      getReceipt(b.orderId, b.who, "de"),
    ];
    const results = await Promise.all(asks);
    const statuses = results.map((r) => r.status);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    for (const [i, r] of results.entries()) {
      if (r.status !== 503) continue;
      expect(r.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
      expect(r.body.message).toBe(i < 2 ? en.errors.pdfBusy : de.errors.pdfBusy);
    }
    expect(de.errors.pdfBusy).not.toBe(en.errors.pdfBusy);
    // One at a time, every one renders (the busy answers left no slot taken).
    for (const [orderId, who] of [
      [a.orderId, a.who],
      [b.orderId, b.who],
    ] as const) {
      for (const lang of ["en", "de"] as const) expect((await getReceipt(orderId, who, lang)).status).toBe(200);
    }
  }, 60_000);
});
