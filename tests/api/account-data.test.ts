import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { addresses, generations } from "@/db/schema";
import * as exportRoute from "@/app/api/user/account/export/route";
import { resetEnvCache } from "@/lib/env";
import { resetStorage } from "@/lib/integrations/storage";
import { storeImage } from "@/lib/services/images";
import { call, cookieFor, type Role } from "../helpers/api";
import { TEST_USERS, tempDir } from "../helpers/test-db";
import { card, CARDS, fillCart, newCustomer, paySandbox, placedOrder, userIdOf, type ErrorBody, type Who } from "../helpers/orders";

/** GET /api/user/account/export (take your data) and DELETE /api/user/account (erase your account). */

let dataDir: string;

beforeAll(() => {
  dataDir = tempDir("shop-test-account-data-");
  process.env.DATA_DIR = dataDir;
  // This file's own storage folder: the erasure tests look for the files of an account's images.
  process.env.STORAGE_DIR = path.join(dataDir, "storage");
  resetStorage();
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL"]) delete process.env[key];
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  resetEnvCache();
});

type ExportBody = {
  exportedAt: string;
  account: { id: number; email: string; firstName: string | null; lastName: string | null; phone: string | null; roles: string[]; hasPassword: boolean; createdAt: string };
  savedAddresses: { street1: string; city: string }[];
  orders: {
    orderNumber: string;
    status: string;
    email: string;
    totalCents: number;
    lines: { articleName: string; quantity: number; unitPriceCents: number; imageId: number | null }[];
    addresses: { kind: string; street1: string }[];
    payments: Record<string, unknown>[];
    refunds: Record<string, unknown>[];
    invoices: { kind: string; number: string; grossCents: number }[];
  }[];
  images: { id: number; type: string; url: string; createdAt: string }[];
  generations: { prompt: string; model: string; provider: string; status: string; startedAt: string }[];
  cart: { items: { quantity: number; imageId: number | null }[] };
};

const getExport = async (who: Who) =>
  call<ExportBody & ErrorBody>(exportRoute.GET, { path: "/api/user/account/export", cookie: typeof who === "string" ? await cookieFor(who) : who.cookie });

async function pngImage(ownerId: number) {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c63" } }).png().toBuffer();
  return storeImage({ bytes, use: "generated", format: "png", type: "GENERATED", ownerId, promptId: null });
}

/** A paid order of `who` (sandbox card): it has a succeeded payment and an invoice. */
async function paidOrder(who: Who, ownerId: number) {
  const { order } = await placedOrder(who, ownerId);
  const paid = await paySandbox(order.id, card(CARDS.ok), who);
  expect(paid.body.status, JSON.stringify(paid.body)).toBe("succeeded");
  return order;
}

describe("GET /api/user/account/export", () => {
  const matrix: { who: Role; status: number }[] = [
    { who: "anonymous", status: 401 },
    { who: "customer", status: 200 },
    { who: "other", status: 200 },
    { who: "admin", status: 200 },
  ];
  for (const c of matrix) {
    it(`${c.who}: ${c.status}${c.status === 200 ? ", their own account only" : ""}`, async () => {
      const res = await getExport(c.who);
      expect(res.status, JSON.stringify(res.body)).toBe(c.status);
      if (c.who === "anonymous") return;
      expect(res.body.account.email).toBe(TEST_USERS[c.who].email);
      expect(res.body.account.id).toBe(await userIdOf(TEST_USERS[c.who].email));
    });
  }

  it("a guest account downloads its data too, and never sees another account's orders or images", async () => {
    const guest = await newCustomer("export-guest");
    const guestOrder = await placedOrder(guest, guest.id);
    const other = await newCustomer("export-other");
    const otherOrder = await placedOrder(other, other.id);
    const otherImage = await pngImage(other.id);

    const res = await getExport(guest);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.account).toMatchObject({ id: guest.id, email: guest.email, hasPassword: false, roles: ["guest"] });
    expect(res.body.orders.map((o) => o.orderNumber)).toEqual([guestOrder.order.orderNumber]);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(otherOrder.order.orderNumber);
    expect(text).not.toContain(other.email);
    expect(res.body.images.map((i) => i.id)).not.toContain(otherImage.id);

    const theirs = await getExport(other);
    expect(theirs.body.orders.map((o) => o.orderNumber)).toEqual([otherOrder.order.orderNumber]);
    expect(theirs.body.images.map((i) => i.id)).toContain(otherImage.id);
  });

  it("is a JSON download, never cached, of the account, addresses, orders, images, generations and cart", async () => {
    const me = await newCustomer("export-content", { password: true });
    const db = await getDb();
    await db.insert(addresses).values({ userId: me.id, kind: "shipping", firstName: "Test", lastName: "Buyer", street1: "Lindenallee 7", city: "Köln", postalCode: "50667", countryCode: "DE" });
    const order = await paidOrder(me, me.id);
    const source = await pngImage(me.id);
    await db.insert(generations).values({ userId: me.id, provider: "openai", model: "gpt-image-1", promptText: "a watercolour fox", status: "SUCCEEDED", sourceImageId: source.id, clientJobId: randomUUID() });
    const cart = await fillCart(me, me.id, 2);

    const res = await getExport(me);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="mugmagic-data-\d{4}-\d{2}-\d{2}\.json"$/);

    const body = res.body;
    expect(body.account).toMatchObject({ id: me.id, email: me.email, firstName: "Test", lastName: "Buyer", hasPassword: true, roles: ["customer"] });
    expect(body.savedAddresses).toEqual([expect.objectContaining({ street1: "Lindenallee 7", city: "Köln" })]);

    expect(body.orders).toHaveLength(1);
    const exported = body.orders[0];
    expect(exported).toMatchObject({ orderNumber: order.orderNumber, status: "pending", email: "anna@example.com", totalCents: order.totalCents });
    expect(exported?.lines).toEqual([expect.objectContaining({ quantity: 1, unitPriceCents: expect.any(Number), articleName: expect.any(String) })]);
    expect(exported?.addresses.map((a) => a.kind).sort()).toEqual(["billing", "shipping"]);
    expect(exported?.payments).toEqual([expect.objectContaining({ status: "succeeded", amountCents: order.totalCents })]);
    expect(exported?.invoices).toEqual([expect.objectContaining({ kind: "invoice", number: expect.stringMatching(/^RE-\d{4}-\d{6}$/), grossCents: order.totalCents })]);
    expect(exported?.refunds).toEqual([]);
    // No provider secrets or internal keys in the download.
    const text = JSON.stringify(body);
    for (const secret of ["providerPaymentId", "idempotencyKey", "clientSecret", "passwordHash", "sessionVersion", "accessKey", "storageKey"]) expect(text).not.toContain(secret);

    const ordered = exported?.lines[0]?.imageId;
    expect(body.images.map((i) => i.id)).toEqual(expect.arrayContaining([source.id, ...(ordered ? [ordered] : [])]));
    const img = body.images.find((i) => i.id === source.id);
    expect(img).toMatchObject({ type: "GENERATED", url: `http://localhost/api/images/${source.id}` });
    expect(body.generations).toEqual([expect.objectContaining({ prompt: "a watercolour fox", model: "gpt-image-1", provider: "openai", status: "SUCCEEDED" })]);
    expect(body.cart.items).toEqual([expect.objectContaining({ quantity: 2, imageId: cart.items[0]?.image.id ?? null })]);
  });
});
