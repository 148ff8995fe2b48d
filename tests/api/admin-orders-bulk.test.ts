import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { unzipSync } from "fflate";
import { getDb } from "@/db/client";
import { orderEvents, orders } from "@/db/schema";
import { MUG_ARTICLE } from "@/db/seed-data";
import { storeImage } from "@/lib/services/images";
import * as bulkRoute from "@/app/api/admin/orders/bulk/route";
import * as zipRoute from "@/app/api/admin/orders/print-zip/route";
import * as slipsRoute from "@/app/api/admin/orders/packing-slips/route";
import * as slipRoute from "@/app/api/admin/orders/[orderId]/packing-slip/route";
import type { BulkOrderResponse } from "@/lib/schemas/admin-orders";
import { call, cookieFor, type Role } from "../helpers/api";
import { seedOrder } from "../helpers/admin-orders-db";
import type { ErrorBody } from "../helpers/orders";
import { ANY_UUID, otherId, setupAdminOrderFixtures } from "../helpers/admin-orders";

setupAdminOrderFixtures();

const bulk = async (body: unknown, who: Role = "admin", lang = "en") =>
  call<BulkOrderResponse & ErrorBody>(bulkRoute.POST, {
    method: "POST",
    path: "/api/admin/orders/bulk",
    body,
    cookie: await cookieFor(who),
    headers: { "accept-language": lang },
  });

type Get = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function download(handler: Get, path: string, who: Role = "admin", params: Record<string, string> = {}, lang = "en") {
  const headers: Record<string, string> = { "accept-language": lang };
  const cookie = await cookieFor(who);
  if (cookie) headers.cookie = cookie;
  const res = await handler(new Request(`http://localhost${path}`, { headers }), { params: Promise.resolve(params) });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const zip = (ids: string, who: Role = "admin") => download(zipRoute.GET, `/api/admin/orders/print-zip?ids=${encodeURIComponent(ids)}`, who);
const slips = (ids: string, who: Role = "admin", lang = "en") =>
  download(slipsRoute.GET, `/api/admin/orders/packing-slips?ids=${encodeURIComponent(ids)}`, who, {}, lang);
const slip = (orderId: string, who: Role = "admin") =>
  download(slipRoute.GET, `/api/admin/orders/${orderId}/packing-slip`, who, { orderId });

async function printableOrder(paid = true) {
  const db = await getDb();
  const [article] = await db.query.articles.findMany({ where: (a, { eq: is }) => is(a.articleNumber, MUG_ARTICLE.articleNumber) });
  if (!article) throw new Error("seeded mug article");
  const bytes = await sharp({ create: { width: 1600, height: 640, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
  const design = await storeImage({ bytes, use: "generated", format: "png", type: "GENERATED", ownerId: otherId });
  const line = { unitPriceCents: 1499, vatPercent: 19, articleId: article.id, imageId: design.id };
  return seedOrder({ paid, lines: [line, { ...line, quantity: 2 }] });
}

describe("bulk order actions – access matrix", () => {
  it("POST /api/admin/orders/bulk and GET /api/admin/orders/print-zip – anonymous 401, customer 403", async () => {
    const body = { action: "process", orderIds: [ANY_UUID] };
    expect((await bulk(body, "anonymous")).status).toBe(401);
    const customer = await bulk(body, "customer");
    expect(customer.status).toBe(403);
    expect(customer.body.message).toBe("You do not have permission to do this");
    expect((await zip(ANY_UUID, "anonymous")).status).toBe(401);
    expect((await zip(ANY_UUID, "customer")).status).toBe(403);
    for (const get of [() => slips(ANY_UUID, "anonymous"), () => slip(ANY_UUID, "anonymous")]) expect((await get()).status).toBe(401);
    for (const get of [() => slips(ANY_UUID, "customer"), () => slip(ANY_UUID, "customer")]) expect((await get()).status).toBe(403);
  });

  it("bad input is 422 with the field: no ids, too many, not a uuid, unknown action", async () => {
    for (const body of [
      { action: "process", orderIds: [] },
      { action: "process", orderIds: Array.from({ length: 51 }, () => ANY_UUID.replace(/1$/, "2")) },
      { action: "process", orderIds: ["nope"] },
      { action: "explode", orderIds: [ANY_UUID] },
      { action: "complete", orderIds: [ANY_UUID], carrier: "x".repeat(101) },
    ]) {
      const res = await bulk(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await zip("")).status).toBe(422);
    expect((await zip("nope")).status).toBe(422);
  });
});

describe("bulk order actions – each order on its own", () => {
  it("process: paid orders move to processing; an unpaid one and an unknown one fail with a reason, the others stay done", async () => {
    const a = await printableOrder();
    const b = await printableOrder();
    const unpaid = await printableOrder(false);
    const res = await bulk({ action: "process", orderIds: [a.id, unpaid.id, ANY_UUID, b.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.succeeded).toBe(2);
    expect(res.body.failed).toBe(2);
    expect(res.body.results.map((r) => [r.orderNumber, r.ok, r.status ?? null])).toEqual([
      [a.orderNumber, true, null],
      [unpaid.orderNumber, false, 409],
      [null, false, 404],
      [b.orderNumber, true, null],
    ]);
    expect(res.body.results[1]?.error).toBeTruthy();
    const db = await getDb();
    const statusOf = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]?.status;
    expect(await statusOf(a.id)).toBe("processing");
    expect(await statusOf(b.id)).toBe("processing");
    expect(await statusOf(unpaid.id)).toBe("pending");
    // The reason in the admin's language.
    const de = await bulk({ action: "process", orderIds: [a.id] }, "admin", "de");
    expect(de.body.results[0]?.ok).toBe(false);
    expect(de.body.results[0]?.error).not.toBe(res.body.results[1]?.error);
  });

  it("complete: one carrier for all, tracking per order; each order's timeline has its own shipped entry", async () => {
    const a = await printableOrder();
    const b = await printableOrder();
    await bulk({ action: "process", orderIds: [a.id, b.id] });
    const res = await bulk({
      action: "complete",
      orderIds: [a.id, b.id],
      carrier: "DHL",
      trackingNumbers: { [a.id]: "00340434161234567890" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ succeeded: 2, failed: 0 });
    const db = await getDb();
    for (const [id, tracking] of [
      [a.id, "00340434161234567890"],
      [b.id, null],
    ] as const) {
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      expect(order?.status).toBe("shipped");
      const shipped = (await db.select().from(orderEvents).where(eq(orderEvents.orderId, id))).filter((e) => e.type === "shipped");
      expect(shipped).toHaveLength(1);
      expect(shipped[0]?.data).toMatchObject({ carrier: "DHL", trackingNumber: tracking });
    }
    // Shipped already: refused per order, nothing changes.
    const again = await bulk({ action: "complete", orderIds: [a.id], carrier: "DPD" });
    expect(again.body.results[0]).toMatchObject({ ok: false, status: 409 });
  });

  it("print ZIP: every line's print PDF, named by order number and line", async () => {
    const a = await printableOrder();
    const b = await printableOrder();
    const res = await zip(`${b.id},${a.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="print-${a.orderNumber}-${b.orderNumber}.zip"`);
    const files = unzipSync(res.bytes);
    const mug = MUG_ARTICLE.articleNumber;
    expect(Object.keys(files).sort()).toEqual(
      [a, b].flatMap((o) => [1, 2].map((line) => `${o.orderNumber}-line-${line}-${mug}-print.pdf`)).sort(),
    );
    for (const pdf of Object.values(files)) expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    const one = await zip(a.id);
    expect(one.headers.get("content-disposition")).toBe(`attachment; filename="${a.orderNumber}-print.zip"`);
    // Nothing to print: 404.
    expect((await zip(ANY_UUID)).status).toBe(404);
  });
});

describe("packing slips", () => {
  it("one order: an inline PDF named by its number; a selection: one PDF with a page per order; unknown 404", async () => {
    const a = await printableOrder();
    const b = await printableOrder();
    const one = await slip(a.id);
    expect(one.status).toBe(200);
    expect(one.headers.get("content-type")).toBe("application/pdf");
    expect(one.headers.get("content-disposition")).toBe(`inline; filename="${a.orderNumber}-packing-slip.pdf"`);
    const text = Buffer.from(one.bytes).toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
    const both = await slips(`${b.id},${a.id}`, "admin", "de");
    expect(both.status).toBe(200);
    expect(both.headers.get("content-disposition")).toBe(`inline; filename="packing-slips-${a.orderNumber}-${b.orderNumber}.pdf"`);
    expect(
      Buffer.from(both.bytes)
        .toString("latin1")
        .match(/\/Type \/Page\b/g),
    ).toHaveLength(2);
    expect((await slip(ANY_UUID)).status).toBe(404);
    expect((await slip("not-a-uuid")).status).toBe(404);
    expect((await slips("nope")).status).toBe(422);
  });
});
