import sharp from "sharp";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { cartItems, carts, generations, images, orderItems, pendingRegistrations, users, webhookEvents, type ImageType } from "@/db/schema";
import * as cronRoute from "@/app/api/cron/mail/route";
import { resetEnvCache } from "@/lib/env";
import { getStorage } from "@/lib/integrations/storage";
import { storeImage } from "@/lib/services/images";
import { runRetention } from "@/lib/services/scheduled-jobs/retention";
import { call } from "../helpers/api";
import { tempDir } from "../helpers/test-db";
import { checkoutBody, fillCart, newCustomer, placedOrder } from "../helpers/orders";

const DAY = 86_400_000;
const NOW = new Date();
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
const CRON_SECRET = "cron-secret-for-the-retention-test-0123";

beforeAll(() => {
  process.env.DATA_DIR = tempDir("shop-test-retention-");
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL"]) delete process.env[key];
  resetEnvCache();
});

/** A stored image (file and row) of the owner (null: an anonymous visitor), created `age` days before NOW. */
async function image(ownerId: number | null, type: Exclude<ImageType, "CATALOGUE">, age: number) {
  const bytes = await sharp({ create: { width: 24, height: 16, channels: 3, background: "#c63" } })
    .png()
    .toBuffer();
  const stored = await storeImage({ bytes, use: "generated", format: "png", type, ownerId, promptId: null });
  const db = await getDb();
  await db
    .update(images)
    .set({ createdAt: daysAgo(age) })
    .where(eq(images.id, stored.id));
  const [row] = await db.select().from(images).where(eq(images.id, stored.id));
  if (!row) throw new Error("image row");
  return row;
}

async function exists(row: { id: number; storageKey: string }): Promise<{ row: boolean; file: boolean }> {
  const db = await getDb();
  return { row: (await db.$count(images, eq(images.id, row.id))) === 1, file: (await getStorage().get(row.storageKey)) !== null };
}

/** Puts the image into the user's cart (as the line's design). */
async function inCartOf(who: { cookie: string; id: number; email: string }, imageId: number) {
  const cart = await fillCart(who, who.id, 1);
  const db = await getDb();
  const [c] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, who.id));
  if (!c) throw new Error(`cart of ${cart.items.length}`);
  await db.update(cartItems).set({ imageId }).where(eq(cartItems.cartId, c.id));
}

const ageUser = async (id: number, days: number) =>
  (await getDb())
    .update(users)
    .set({ createdAt: daysAgo(days), updatedAt: daysAgo(days) })
    .where(eq(users.id, id));
const userExists = async (id: number) => (await (await getDb()).$count(users, eq(users.id, id))) === 1;

describe("retention (runRetention with a controllable clock)", () => {
  it("anonymous visitors' uploads and results go after 7 days, files too, unless a cart or an order uses them", async () => {
    const old = await image(null, "UPLOADED", 8);
    const oldResult = await image(null, "GENERATED", 8);
    const recent = await image(null, "UPLOADED", 6);
    const carted = await image(null, "GENERATED", 8);
    const ordered = await image(null, "GENERATED", 8);
    const shopper = await newCustomer("retention-cart");
    await inCartOf(shopper, carted.id);
    const buyer = await newCustomer("retention-order");
    const { order } = await placedOrder(buyer, buyer.id, { body: checkoutBody() });
    await (await getDb()).update(orderItems).set({ imageId: ordered.id }).where(eq(orderItems.orderId, order.id));

    const result = await runRetention({ now: NOW });
    expect(result.anonymousImages).toBeGreaterThanOrEqual(2);
    expect(await exists(old)).toEqual({ row: false, file: false });
    expect(await exists(oldResult)).toEqual({ row: false, file: false });
    expect(await exists(recent)).toEqual({ row: true, file: true });
    expect(await exists(carted)).toEqual({ row: true, file: true });
    expect(await exists(ordered)).toEqual({ row: true, file: true });

    // Two days later the 6-day-old one is due as well.
    await runRetention({ now: new Date(NOW.getTime() + 2 * DAY) });
    expect(await exists(recent)).toEqual({ row: false, file: false });
  });

  it("edited images no cart or order uses go after 30 days; uploads and results of an account stay", async () => {
    const owner = await newCustomer("retention-edited", { password: true });
    const oldEdit = await image(owner.id, "EDITED", 31);
    const recentEdit = await image(owner.id, "EDITED", 29);
    const cartedEdit = await image(owner.id, "EDITED", 31);
    const oldUpload = await image(owner.id, "UPLOADED", 31);
    await inCartOf(owner, cartedEdit.id);

    const result = await runRetention({ now: NOW });
    expect(result.editedImages).toBeGreaterThanOrEqual(1);
    expect(await exists(oldEdit)).toEqual({ row: false, file: false });
    expect(await exists(recentEdit)).toEqual({ row: true, file: true });
    expect(await exists(cartedEdit)).toEqual({ row: true, file: true });
    expect(await exists(oldUpload)).toEqual({ row: true, file: true });
  });

  it("guest accounts without orders go after 30 days with their images and files; guests with orders, newer guests and customers stay", async () => {
    const idle = await newCustomer("retention-idle-guest");
    const idleImage = await image(idle.id, "UPLOADED", 31);
    const [idleGeneration] = await (
      await getDb()
    )
      .insert(generations)
      .values({ userId: idle.id, provider: "offline", model: "offline", promptText: "a cat in watercolour, for Anna" })
      .returning({ id: generations.id });
    await ageUser(idle.id, 31);
    const recentGuest = await newCustomer("retention-recent-guest");
    await ageUser(recentGuest.id, 29);
    const buyer = await newCustomer("retention-guest-buyer");
    await placedOrder(buyer, buyer.id, { body: checkoutBody() });
    await ageUser(buyer.id, 400);
    const customer = await newCustomer("retention-customer", { password: true });
    await ageUser(customer.id, 400);

    const result = await runRetention({ now: NOW });
    expect(result.guestAccounts).toBeGreaterThanOrEqual(1);
    expect(await userExists(idle.id)).toBe(false);
    expect(await exists(idleImage)).toEqual({ row: false, file: false });
    expect(await (await getDb()).$count(generations, eq(generations.id, idleGeneration?.id ?? 0))).toBe(0);
    expect(await userExists(recentGuest.id)).toBe(true);
    expect(await userExists(buyer.id)).toBe(true);
    expect(await userExists(customer.id)).toBe(true);
  });

  it("Stripe webhook payloads are emptied after 30 days; the event id stays (replays are still recognised)", async () => {
    const db = await getDb();
    await db.insert(webhookEvents).values([
      {
        id: "evt_retention_old",
        provider: "stripe",
        type: "payment_intent.succeeded",
        payload: { billing_details: { name: "Anna" } },
        receivedAt: daysAgo(31),
      },
      {
        id: "evt_retention_new",
        provider: "stripe",
        type: "payment_intent.succeeded",
        payload: { billing_details: { name: "Ben" } },
        receivedAt: daysAgo(29),
      },
    ]);
    const result = await runRetention({ now: NOW });
    expect(result.webhookPayloads).toBeGreaterThanOrEqual(1);
    const rows = await db
      .select()
      .from(webhookEvents)
      .where(inArray(webhookEvents.id, ["evt_retention_old", "evt_retention_new"]))
      .orderBy(webhookEvents.id);
    expect(rows.map((r) => [r.id, r.payload])).toEqual([
      ["evt_retention_new", { billing_details: { name: "Ben" } }],
      ["evt_retention_old", null],
    ]);
  });

  it("sign-ups never confirmed go once their link expired (email, names, phone, password hash)", async () => {
    const db = await getDb();
    const row = (tag: string, expiresAt: Date) => ({
      email: `pending-${tag}@test.local`,
      firstName: "Pia",
      passwordHash: "scrypt$x",
      tokenHash: `retention-${tag}`,
      expiresAt,
    });
    await db.insert(pendingRegistrations).values([row("old", daysAgo(1)), row("open", new Date(NOW.getTime() + DAY))]);
    const result = await runRetention({ now: NOW });
    expect(result.pendingRegistrations).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ email: pendingRegistrations.email })
      .from(pendingRegistrations)
      .where(inArray(pendingRegistrations.tokenHash, ["retention-old", "retention-open"]));
    expect(left.map((r) => r.email)).toEqual(["pending-open@test.local"]);
  });

  it("an image no account owns any more (kept for an open order after erasure) loses its client network", async () => {
    const customer = await newCustomer();
    const mine = await image(customer.id, "EDITED", 0);
    const kept = await image(customer.id, "EDITED", 0);
    const db = await getDb();
    await db
      .update(images)
      .set({ clientNetwork: "tag-of-a-network" })
      .where(inArray(images.id, [mine.id, kept.id]));
    await db
      .update(images)
      .set({ ownerId: null, accessKey: `kept-${kept.id}` })
      .where(eq(images.id, kept.id));
    const result = await runRetention({ now: NOW });
    expect(result.imageNetworks).toBeGreaterThanOrEqual(1);
    const rows = await db
      .select({ id: images.id, clientNetwork: images.clientNetwork })
      .from(images)
      .where(inArray(images.id, [mine.id, kept.id]))
      .orderBy(images.id);
    expect(rows).toEqual([
      { id: mine.id, clientNetwork: "tag-of-a-network" },
      { id: kept.id, clientNetwork: null },
    ]);
  });

  it("POST /api/cron/mail runs it (the scheduler's endpoint)", async () => {
    process.env.CRON_SECRET = CRON_SECRET;
    resetEnvCache();
    try {
      const old = await image(null, "UPLOADED", 10);
      const res = await call<{ retention?: { anonymousImages: number } }>(cronRoute.POST, {
        method: "POST",
        path: "/api/cron/mail",
        headers: { authorization: `Bearer ${CRON_SECRET}` },
      });
      expect(res.status).toBe(200);
      expect(res.body.retention?.anonymousImages).toBeGreaterThanOrEqual(1);
      expect(await exists(old)).toEqual({ row: false, file: false });
    } finally {
      delete process.env.CRON_SECRET;
      resetEnvCache();
    }
  });
});
