import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { invoices, orderItems } from "@/db/schema";
import { MUG_ARTICLE } from "@/db/seed-data";
import { resetEnvCache } from "@/lib/env";
import { resetStorage } from "@/lib/integrations/storage";
import { listPublicMugs } from "@/lib/services/catalog";
import { storeImage } from "@/lib/services/images";
import type { InvoiceContent } from "@/lib/services/invoices";
import type { CartDto } from "@/lib/schemas/cart";
import * as itemsRoute from "@/app/api/user/cart/items/route";
import * as userInvoiceRoute from "@/app/api/user/orders/[orderId]/invoice/route";
import * as receiptRoute from "@/app/api/user/orders/[orderId]/receipt/route";
import { call } from "../helpers/api";
import { tempDir } from "../helpers/test-db";
import { card, CARDS, checkoutBody, clearCart, newCustomer, paySandbox, placeOrder, type Lang } from "../helpers/orders";

/** Receipts and invoices name a line's colour (the variant's name, or the colours in words), never "#C62828". */

const RED_INSIDE = MUG_ARTICLE.variants.find((v) => v.number === "MUG-001-RED");

beforeAll(() => {
  const dir = tempDir("shop-test-colour-names-");
  process.env.DATA_DIR = dir;
  process.env.STORAGE_DIR = path.join(dir, "storage");
  resetStorage();
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL"]) delete process.env[key];
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  resetEnvCache();
});

/** WinAnsi bytes 0x80–0x9f that differ from Latin-1. */
const WIN_ANSI: Record<number, string> = { 0x80: "€", 0x84: "„", 0x85: "…", 0x93: "“", 0x94: "”", 0x96: "–", 0x97: "—" };

/** The text a react-pdf document shows: the strings of its text operators in the deflated content streams. */
function pdfText(bytes: Buffer): string {
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

/** A new buyer's paid order of the red-inside mug, placed and paid in `lang`; `beforePay` may change its lines. */
async function paidRedInsideOrder(lang: Lang, beforePay?: (orderId: string) => Promise<void>) {
  const buyer = await newCustomer("colour");
  const mug = (await listPublicMugs("en")).find((m) => m.articleNumber === MUG_ARTICLE.articleNumber);
  const variant = mug?.variants.find((v) => v.articleVariantNumber === RED_INSIDE?.number);
  if (!mug || !variant) throw new Error("the seeded red-inside variant is listed");
  await clearCart(buyer);
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c62828" } })
    .png()
    .toBuffer();
  const image = await storeImage({ bytes, use: "generated", format: "png", type: "GENERATED", ownerId: buyer.id, promptId: null });
  const added = await call<CartDto>(itemsRoute.POST, {
    method: "POST",
    path: "/api/user/cart/items",
    body: { mugId: mug.id, variantId: variant.id, imageId: image.id, quantity: 1 },
    cookie: buyer.cookie,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const placed = await placeOrder(checkoutBody(), buyer, lang);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const orderId = placed.body.order.id;
  await beforePay?.(orderId);
  const paid = await paySandbox(orderId, card(CARDS.ok), buyer, lang);
  expect(paid.body.status, JSON.stringify(paid.body)).toBe("succeeded");
  return { orderId, buyer };
}

async function pdfOf(
  handler: typeof receiptRoute.GET,
  kind: "receipt" | "invoice",
  orderId: string,
  cookie: string,
  lang: Lang,
): Promise<string> {
  const req = new Request(`http://localhost/api/user/orders/${orderId}/${kind}`, { headers: { cookie, "accept-language": lang } });
  const res = await handler(req, { params: Promise.resolve({ orderId }) });
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
  return pdfText(bytes);
}

async function invoiceContent(orderId: string): Promise<InvoiceContent> {
  const [row] = await (await getDb()).select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!row) throw new Error("the paid order has an invoice");
  return row.content as InvoiceContent;
}

describe("colours in receipts and invoices", () => {
  it("a German order: the invoice and the receipt name the colour (Innen rot), no colour code", async () => {
    const { orderId, buyer } = await paidRedInsideOrder("de");
    const item = (await invoiceContent(orderId)).lines.find((l) => l.kind === "item");
    expect(item?.detail).toBe("Innen rot");
    const invoice = await pdfOf(userInvoiceRoute.GET, "invoice", orderId, buyer.cookie, "de");
    expect(invoice).toContain("Innen rot");
    expect(invoice).not.toMatch(/#[0-9a-f]{3,6}/i);
    const receipt = await pdfOf(receiptRoute.GET, "receipt", orderId, buyer.cookie, "de");
    expect(receipt).toContain("Innen rot");
    expect(receipt).not.toMatch(/#[0-9a-f]{3,6}/i);
  });

  it("an English order: the English variant name", async () => {
    const { orderId, buyer } = await paidRedInsideOrder("en");
    expect((await invoiceContent(orderId)).lines.find((l) => l.kind === "item")?.detail).toBe("Red inside");
    const invoice = await pdfOf(userInvoiceRoute.GET, "invoice", orderId, buyer.cookie, "en");
    expect(invoice).toContain("Red inside");
    expect(invoice).not.toContain("#");
  });

  it("a line without a variant name: the invoice describes the stored colours in words in the order's language", async () => {
    const { orderId, buyer } = await paidRedInsideOrder("de", async (id) => {
      const db = await getDb();
      const [line] = await db.select({ colour: orderItems.colour }).from(orderItems).where(eq(orderItems.orderId, id));
      // What the order stored: the technical snapshot of both colours.
      expect(line?.colour).toBe("inside #C62828 / outside #FFFFFF");
      await db.update(orderItems).set({ variantName: null }).where(eq(orderItems.orderId, id));
    });
    expect((await invoiceContent(orderId)).lines.find((l) => l.kind === "item")?.detail).toBe("außen weiß, innen rot");
    const invoice = await pdfOf(userInvoiceRoute.GET, "invoice", orderId, buyer.cookie, "de");
    expect(invoice).toContain("außen weiß, innen rot");
    expect(invoice).not.toContain("#");
  });
});
