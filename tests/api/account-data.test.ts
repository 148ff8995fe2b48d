import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import { eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { addresses, authTokens, carts, generations, images, invoices, orderAddresses, orderItems, orders, users } from "@/db/schema";
import * as exportRoute from "@/app/api/user/account/export/route";
import * as accountRoute from "@/app/api/user/account/route";
import * as registerRoute from "@/app/api/auth/register/route";
import { registerCustomer } from "../helpers/register";
import * as sessionRoute from "@/app/api/auth/session/route";
import * as adminOrderRoute from "@/app/api/admin/orders/[orderId]/route";
import * as guestOrderRoute from "@/app/api/guest/orders/[token]/route";
import { orderLinkToken } from "@/lib/security/order-link";
import { resetEnvCache } from "@/lib/env";
import { translate } from "@/lib/i18n/messages";
import { resetStorage } from "@/lib/integrations/storage";
import { deleteImages, storeImage } from "@/lib/services/images";
import { call, cookieFor, cookieFrom, type Role } from "../helpers/api";
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
  account: {
    id: number;
    email: string;
    firstName: string | null;
    lastName: string | null;
    phone: string | null;
    roles: string[];
    hasPassword: boolean;
    createdAt: string;
  };
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
  call<ExportBody & ErrorBody>(exportRoute.GET, {
    path: "/api/user/account/export",
    cookie: typeof who === "string" ? await cookieFor(who) : who.cookie,
  });

async function pngImage(ownerId: number) {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c63" } })
    .png()
    .toBuffer();
  return storeImage({ bytes, use: "generated", format: "png", type: "GENERATED", ownerId, promptId: null });
}

/** A saved shipping address of the user (Lindenallee 7, Köln). */
async function saveAddress(userId: number) {
  await (await getDb()).insert(addresses).values({
    userId,
    kind: "shipping",
    firstName: "Test",
    lastName: "Buyer",
    street1: "Lindenallee 7",
    city: "Köln",
    postalCode: "50667",
    countryCode: "DE",
  });
}

/** A succeeded OpenAI generation of the user from the source image. */
async function saveGeneration(userId: number, sourceImageId: number, promptText: string) {
  await (await getDb()).insert(generations).values({
    userId,
    provider: "openai",
    model: "gpt-image-1",
    promptText,
    status: "SUCCEEDED",
    sourceImageId,
    clientJobId: randomUUID(),
  });
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
    await saveAddress(me.id);
    const order = await paidOrder(me, me.id);
    const source = await pngImage(me.id);
    await saveGeneration(me.id, source.id, "a watercolour fox");
    const cart = await fillCart(me, me.id, 2);

    const res = await getExport(me);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="mugmagic-data-\d{4}-\d{2}-\d{2}\.json"$/);

    const body = res.body;
    expect(body.account).toMatchObject({
      id: me.id,
      email: me.email,
      firstName: "Test",
      lastName: "Buyer",
      hasPassword: true,
      roles: ["customer"],
    });
    expect(body.savedAddresses).toEqual([expect.objectContaining({ street1: "Lindenallee 7", city: "Köln" })]);

    expect(body.orders).toHaveLength(1);
    const exported = body.orders[0];
    expect(exported).toMatchObject({
      orderNumber: order.orderNumber,
      status: "pending",
      email: "anna@example.com",
      totalCents: order.totalCents,
    });
    expect(exported?.lines).toEqual([
      expect.objectContaining({ quantity: 1, unitPriceCents: expect.any(Number), articleName: expect.any(String) }),
    ]);
    expect(exported?.addresses.map((a) => a.kind).sort()).toEqual(["billing", "shipping"]);
    expect(exported?.payments).toEqual([expect.objectContaining({ status: "succeeded", amountCents: order.totalCents })]);
    expect(exported?.invoices).toEqual([
      expect.objectContaining({ kind: "invoice", number: expect.stringMatching(/^RE-\d{4}-\d{6}$/), grossCents: order.totalCents }),
    ]);
    expect(exported?.refunds).toEqual([]);
    // No provider secrets or internal keys in the download.
    const text = JSON.stringify(body);
    for (const secret of [
      "providerPaymentId",
      "idempotencyKey",
      "clientSecret",
      "passwordHash",
      "sessionVersion",
      "accessKey",
      "storageKey",
    ])
      expect(text).not.toContain(secret);

    const ordered = exported?.lines[0]?.imageId;
    expect(body.images.map((i) => i.id)).toEqual(expect.arrayContaining([source.id, ...(ordered ? [ordered] : [])]));
    const img = body.images.find((i) => i.id === source.id);
    expect(img).toMatchObject({ type: "GENERATED", url: `http://localhost/api/images/${source.id}` });
    expect(body.generations).toEqual([
      expect.objectContaining({ prompt: "a watercolour fox", model: "gpt-image-1", provider: "openai", status: "SUCCEEDED" }),
    ]);
    expect(body.cart.items).toEqual([expect.objectContaining({ quantity: 2, imageId: cart.items[0]?.image.id ?? null })]);
  });
});

type SessionBody = { authenticated: boolean; user: { id: number } | null };

const deleteAccount = async (who: Who, body: unknown = {}, lang = "en") =>
  call<{ message: string } & ErrorBody>(accountRoute.DELETE, {
    method: "DELETE",
    path: "/api/user/account",
    body,
    cookie: typeof who === "string" ? await cookieFor(who) : who.cookie,
    headers: { "accept-language": lang },
  });
const sessionOf = async (cookie: string) => (await call<SessionBody>(sessionRoute.GET, { path: "/api/auth/session", cookie })).body;
const storageFile = (key: string) => path.join(dataDir, "storage", key);

async function register(email: string, password?: string) {
  const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
  // A customer signs up through the mailed confirmation link; a guest is registered at once.
  if (password) return registerCustomer<SessionBody & ErrorBody>({ email, firstName: "Neu", lastName: "Kunde", password }, { ip });
  return call<SessionBody & ErrorBody>(registerRoute.POST, {
    method: "POST",
    path: "/api/auth/register",
    body: { email, firstName: "Neu", lastName: "Kunde", guest: true },
    headers: { "x-forwarded-for": ip },
  });
}

describe("deleteImages (erasure and retention share it)", () => {
  it("deletes rows and files of the given images, never a catalogue image, and only what `where` allows", async () => {
    const me = await newCustomer("delete-images");
    const a = await pngImage(me.id);
    const b = await pngImage(me.id);
    const db = await getDb();
    const [catalogue] = await db.select().from(images).where(eq(images.type, "CATALOGUE")).limit(1);
    if (!catalogue) throw new Error("a seeded catalogue image");

    expect(await deleteImages([b.id], eq(images.type, "UPLOADED"))).toBe(0);
    expect(await deleteImages([a.id, b.id, catalogue.id])).toBe(2);
    expect(
      await db
        .select({ id: images.id })
        .from(images)
        .where(inArray(images.id, [a.id, b.id])),
    ).toEqual([]);
    for (const img of [a, b]) expect(fs.existsSync(storageFile(img.storageKey))).toBe(false);
    expect(await db.select({ id: images.id }).from(images).where(eq(images.id, catalogue.id))).toEqual([{ id: catalogue.id }]);
  });
});

describe("the privacy policy", () => {
  it("names the account page's buttons for access and erasure exactly, in both languages", () => {
    for (const lang of ["en", "de"] as const) {
      const rights = translate(lang, "legal.privacy.sections.rights.p2");
      expect(rights).toContain(translate(lang, "account.downloadData"));
      expect(rights).toContain(translate(lang, "account.deleteAccount"));
    }
  });
});

describe("DELETE /api/user/account", () => {
  it("access: anonymous 401; an admin cannot erase their own account (409, nothing changes)", async () => {
    const anonymous = await deleteAccount("anonymous", { password: "whatever-123" });
    expect(anonymous.status).toBe(401);
    const admin = await deleteAccount("admin", { password: TEST_USERS.admin.password });
    expect(admin.status, JSON.stringify(admin.body)).toBe(409);
    expect(admin.body.message).toBe("An administrator account cannot be deleted here: the shop must keep an administrator.");
    expect((await sessionOf((await cookieFor("admin")) as string)).authenticated).toBe(true);
  });

  it("an account with a password needs it: missing or wrong → 422 field error (in both languages), nothing erased", async () => {
    const me = await newCustomer("erase-wrong", { password: true });
    const missing = await deleteAccount(me, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ password: "Password is required" });
    const wrong = await deleteAccount(me, { password: "not-my-password" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ password: "The password is wrong." });
    const wrongDe = await deleteAccount(me, { password: "not-my-password" }, "de");
    expect(wrongDe.body.errors).toEqual({ password: "Das Passwort ist falsch." });
    const [row] = await (await getDb()).select({ email: users.email }).from(users).where(eq(users.id, me.id));
    expect(row?.email).toBe(me.email);
    expect((await sessionOf(me.cookie)).authenticated).toBe(true);
  });

  it("erases a customer: sessions end, cookie cleared, rows and files gone, unpaid orders gone, the email registers again", async () => {
    const me = await newCustomer("erase-all", { password: true });
    const db = await getDb();
    await saveAddress(me.id);
    const unpaid = await placedOrder(me, me.id);
    const photo = await pngImage(me.id);
    await saveGeneration(me.id, photo.id, "a fox");
    await fillCart(me, me.id, 1, { keep: true });
    await db
      .insert(authTokens)
      .values({ userId: me.id, purpose: "password_reset", tokenHash: randomUUID(), expiresAt: new Date(Date.now() + 3600_000) });
    const mine = await db.select({ id: images.id, storageKey: images.storageKey }).from(images).where(eq(images.ownerId, me.id));
    expect(mine.length).toBeGreaterThanOrEqual(3);
    for (const img of mine) expect(fs.existsSync(storageFile(img.storageKey))).toBe(true);

    // Another customer with an order and an image: erasing an account touches only the caller's own.
    const bystander = await newCustomer("erase-bystander");
    const theirOrder = await placedOrder(bystander, bystander.id);
    const theirImage = await pngImage(bystander.id);

    const res = await deleteAccount(me, { password: "customer-pass-123" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe("Your account has been deleted.");
    expect((await sessionOf(bystander.cookie)).authenticated).toBe(true);
    expect(await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, theirOrder.order.id))).toEqual([
      { userId: bystander.id },
    ]);
    expect(fs.existsSync(storageFile(theirImage.storageKey))).toBe(true);
    expect((await getExport(bystander)).body.images.map((i) => i.id)).toContain(theirImage.id);
    expect(res.headers.get("set-cookie")).toMatch(/Max-Age=0/);

    expect((await sessionOf(me.cookie)).authenticated).toBe(false);
    expect((await getExport(me)).status).toBe(401);
    expect(await db.select().from(users).where(eq(users.email, me.email))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.id, me.id))).toEqual([]);
    expect(await db.select().from(addresses).where(eq(addresses.userId, me.id))).toEqual([]);
    expect(await db.select().from(carts).where(eq(carts.userId, me.id))).toEqual([]);
    expect(await db.select().from(authTokens).where(eq(authTokens.userId, me.id))).toEqual([]);
    expect(await db.select().from(generations).where(eq(generations.promptText, "a fox"))).toEqual([]);
    expect(
      await db
        .select()
        .from(images)
        .where(
          inArray(
            images.id,
            mine.map((i) => i.id),
          ),
        ),
    ).toEqual([]);
    for (const img of mine) expect(fs.existsSync(storageFile(img.storageKey))).toBe(false);
    // Never paid: nothing the books need, so it goes.
    expect(await db.select().from(orders).where(eq(orders.id, unpaid.order.id))).toEqual([]);

    const again = await register(me.email, "another-pass-456");
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.user?.id).not.toBe(me.id);
    expect((await sessionOf(cookieFrom(again))).authenticated).toBe(true);
  });

  it("a guest account is erased by its session alone; its email is free again", async () => {
    const guest = await newCustomer("erase-guest");
    const res = await deleteAccount(guest, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await sessionOf(guest.cookie)).authenticated).toBe(false);
    expect((await register(guest.email, "guest-now-customer-1")).status).toBe(201);
  });

  it("keeps a paid order and its invoice for the books, detached from the account; the admin sees 'customer account erased'", async () => {
    const me = await newCustomer("erase-paid", { password: true });
    const open = await paidOrder(me, me.id);
    const closed = await paidOrder(me, me.id);
    const db = await getDb();
    // The second order was delivered: its delivery no longer needs the shipping address or the phone.
    await db.update(orders).set({ status: "delivered", deliveredAt: new Date() }).where(eq(orders.id, closed.id));
    const [openLine] = await db.select({ imageId: orderItems.imageId }).from(orderItems).where(eq(orderItems.orderId, open.id));
    const [closedLine] = await db.select({ imageId: orderItems.imageId }).from(orderItems).where(eq(orderItems.orderId, closed.id));
    const [closedImage] = await db
      .select()
      .from(images)
      .where(eq(images.id, closedLine?.imageId ?? -1));
    if (!closedImage) throw new Error("the delivered order's design");

    const res = await deleteAccount(me, { password: "customer-pass-123" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const kept = await db
      .select()
      .from(orders)
      .where(inArray(orders.id, [open.id, closed.id]));
    expect(kept).toHaveLength(2);
    for (const o of kept) {
      expect(o.userId).toBeNull();
      expect(o.customerErasedAt).toBeInstanceOf(Date);
      expect(o.orderNumber).toMatch(/^MM-/);
    }
    expect(
      await db
        .select({ n: invoices.number })
        .from(invoices)
        .where(inArray(invoices.orderId, [open.id, closed.id])),
    ).toHaveLength(2);
    expect(
      await db
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(inArray(orderItems.orderId, [open.id, closed.id])),
    ).toHaveLength(2);

    // The open delivery keeps its shipping address, phone and the design to print (no longer the customer's).
    const openOrder = kept.find((o) => o.id === open.id);
    expect(openOrder?.phone).toBe("+49 30 1234567");
    expect(
      (await db.select({ kind: orderAddresses.kind }).from(orderAddresses).where(eq(orderAddresses.orderId, open.id)))
        .map((a) => a.kind)
        .sort(),
    ).toEqual(["billing", "shipping"]);
    const [design] = await db
      .select()
      .from(images)
      .where(eq(images.id, openLine?.imageId ?? -1));
    expect(design?.ownerId).toBeNull();
    expect(fs.existsSync(storageFile(design?.storageKey ?? "missing"))).toBe(true);

    // The delivered order keeps what the invoice needs (billing address), not the phone, shipping address or design.
    const closedOrder = kept.find((o) => o.id === closed.id);
    expect(closedOrder?.phone).toBeNull();
    expect(
      (await db.select({ kind: orderAddresses.kind }).from(orderAddresses).where(eq(orderAddresses.orderId, closed.id))).map((a) => a.kind),
    ).toEqual(["billing"]);
    expect(await db.select().from(images).where(eq(images.id, closedImage.id))).toEqual([]);
    expect(fs.existsSync(storageFile(closedImage.storageKey))).toBe(false);

    for (const [orderId, lang, text] of [
      [open.id, "en", "Customer account erased"],
      [closed.id, "de", "Kundenkonto gelöscht"],
    ] as const) {
      const detail = await call<{ customerErasedAt: string | null; userId: number | null; shippingAddress: unknown; invoices: unknown[] }>(
        adminOrderRoute.GET,
        {
          path: `/api/admin/orders/${orderId}`,
          params: { orderId },
          cookie: await cookieFor("admin"),
          headers: { "accept-language": lang },
        },
      );
      expect(detail.status, JSON.stringify(detail.body)).toBe(200);
      expect(detail.body.userId).toBeNull();
      expect(detail.body.customerErasedAt).toEqual(expect.any(String));
      expect(detail.body.invoices).toHaveLength(1);
      // What the customer card of the admin's order detail shows for it.
      expect(translate(lang, "adminOrders.customer.accountErased")).toBe(text);
    }
  });

  it("the mailed order links of an erased account open nothing any more", async () => {
    const me = await newCustomer("erase-link");
    const order = await paidOrder(me, me.id);
    const token = orderLinkToken(order.id);
    const open = (t: string) =>
      call<ErrorBody>(guestOrderRoute.GET, {
        path: `/api/guest/orders/${t}`,
        params: { token: t },
        headers: { "x-forwarded-for": "203.0.113.77" },
      });
    expect((await open(token)).status).toBe(200);
    expect((await deleteAccount(me, {})).status).toBe(200);
    expect((await open(token)).status).toBe(404);
  });
});
