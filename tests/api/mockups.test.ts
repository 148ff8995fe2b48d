import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import * as mockupRoute from "@/app/api/images/[imageId]/mockups/[variantId]/[view]/route";
import * as guestMockupRoute from "@/app/api/guest/orders/[token]/items/[itemId]/mockups/[view]/route";
import * as guestOrderRoute from "@/app/api/guest/orders/[token]/route";
import * as userImageRoute from "@/app/api/user/images/[imageId]/route";
import * as itemsRoute from "@/app/api/user/cart/items/route";
import { getDb } from "@/db/client";
import { images, mugMockups, mugVariants } from "@/db/schema";
import { flushAfterResponse } from "@/lib/request-context/after-response";
import { orderLinkToken } from "@/lib/security/order-link";
import type { CartDto } from "@/lib/schemas/cart";
import type { GuestOrderDto } from "@/lib/schemas/guest-orders";
import type { MockupUrls } from "@/lib/schemas/mockups";
import { getStorage } from "@/lib/integrations/storage";
import { listPublicMugs } from "@/lib/services/catalog";
import { invalidateCatalog } from "@/lib/services/catalog-cache";
import { deleteOrphanedMockups, retryDueMockups, storeImage } from "@/lib/services/images";
import { MOCKUP_MAX_ATTEMPTS, mockupFileKey } from "@/lib/services/images/mockups";
import { call, cookieFor } from "../helpers/api";
import { expectMockupView, quadrantDesign, rawPixels } from "../helpers/mockups";
import {
  card,
  CARDS,
  checkoutBody,
  dataDir,
  getCart,
  listOrders,
  newCustomer,
  outboxFiles,
  paySandbox,
  placeOrder,
  setupOrderFixtures,
  type ErrorBody,
} from "../helpers/orders";

setupOrderFixtures();

type Buyer = Awaited<ReturnType<typeof newCustomer>>;

async function seededMug(variantName: string) {
  const mug = (await listPublicMugs("en"))[0];
  const variant = mug?.variants.find((v) => v.name === variantName);
  if (!mug || !variant) throw new Error("seeded mug and variant");
  return { mug, variant };
}

async function design(ownerId: number) {
  const { mug } = await seededMug("White");
  return storeImage({ bytes: await quadrantDesign(mug), use: "generated", format: "png", type: "GENERATED", ownerId, promptId: null });
}

async function addToCart(buyer: Buyer, imageId: number, variantName = "White") {
  const { mug, variant } = await seededMug(variantName);
  const res = await call<CartDto & ErrorBody>(itemsRoute.POST, {
    method: "POST",
    path: "/api/user/cart/items",
    body: { mugId: mug.id, variantId: variant.id, imageId },
    cookie: buyer.cookie,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The buyer's cart as an order (201 checked). */
async function placeAs(buyer: Buyer) {
  const placed = await placeOrder(checkoutBody({ contact: { email: buyer.email, firstName: "Test", lastName: "Buyer", phone: null } }), {
    cookie: buyer.cookie,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed;
}

const MOCKUP_URL = /^\/api\/images\/(\d+)\/mockups\/(\d+)\/(front|left|right)\?v=[0-9a-f]{16}$/;

function fetchMockup(url: string, cookie?: string) {
  const m = MOCKUP_URL.exec(url.replace(/&.*$/, ""));
  if (!m) throw new Error(`not a mockup URL: ${url}`);
  return call<unknown>(mockupRoute.GET, { path: url, params: { imageId: m[1] ?? "", variantId: m[2] ?? "", view: m[3] ?? "" }, cookie });
}

/** call() reads bodies as text: the pixel checks need the bytes. */
async function mockupBytes(url: string, cookie: string): Promise<Buffer> {
  const m = MOCKUP_URL.exec(url);
  if (!m) throw new Error(`not a mockup URL: ${url}`);
  const res = await mockupRoute.GET(new Request(`http://localhost${url}`, { headers: { cookie } }), {
    params: Promise.resolve({ imageId: m[1] ?? "", variantId: m[2] ?? "", view: m[3] ?? "" }),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/jpeg");
  return Buffer.from(await res.arrayBuffer());
}

async function mockupRow(imageId: number) {
  const [row] = await (await getDb()).select().from(mugMockups).where(eq(mugMockups.imageId, imageId));
  return row;
}

const ready = (m: MockupUrls) => m.front !== null && m.left !== null && m.right !== null;

describe("cart lines carry mockups", () => {
  it("null right after add-to-cart, made after the response, then the three images of the design on the variant", async () => {
    const buyer = await newCustomer("mockup");
    const image = await design(buyer.id);
    const added = await addToCart(buyer, image.id, "Red inside");
    expect(added.items[0]?.mockups).toEqual({ front: null, left: null, right: null });

    await flushAfterResponse();
    const line = (await getCart({ cookie: buyer.cookie })).items[0];
    expect(line?.image.url).toBe(`/api/images/${image.id}`);
    const mockups = line?.mockups ?? { front: null, left: null, right: null };
    expect(ready(mockups)).toBe(true);
    for (const view of ["front", "left", "right"] as const) expect(mockups[view]).toMatch(MOCKUP_URL);

    const { mug, variant } = await seededMug("Red inside");
    const colours = { outside: variant.outsideColorCode, inside: variant.insideColorCode };
    expect(expectMockupView(await rawPixels(await mockupBytes(mockups.front ?? "", buyer.cookie)), mug, "front", colours)).toEqual({
      seenLeftHalf: true,
      seenRightHalf: true,
    });
    expect(expectMockupView(await rawPixels(await mockupBytes(mockups.left ?? "", buyer.cookie)), mug, "left", colours).seenRightHalf).toBe(
      true,
    );
    expect(
      expectMockupView(await rawPixels(await mockupBytes(mockups.right ?? "", buyer.cookie)), mug, "right", colours).seenLeftHalf,
    ).toBe(true);
  });

  it("is made once per design and variant: the same design again, or on a second line, renders nothing new", async () => {
    const buyer = await newCustomer("mockup-once");
    const image = await design(buyer.id);
    await addToCart(buyer, image.id);
    await flushAfterResponse();
    const first = await mockupRow(image.id);
    expect(first?.status).toBe("ready");
    await addToCart(buyer, image.id);
    await getCart({ cookie: buyer.cookie });
    await flushAfterResponse();
    const again = await mockupRow(image.id);
    expect(again).toEqual(first);
  });

  it("another customer, an anonymous caller and a wrong key get 404; the admin sees it; thumbnails come as WebP", async () => {
    const buyer = await newCustomer("mockup-access");
    const image = await design(buyer.id);
    await addToCart(buyer, image.id);
    await flushAfterResponse();
    const front = (await getCart({ cookie: buyer.cookie })).items[0]?.mockups.front ?? "";
    expect((await fetchMockup(front, buyer.cookie)).status).toBe(200);
    expect((await fetchMockup(front, await cookieFor("other"))).status).toBe(404);
    expect((await fetchMockup(front, await cookieFor("customer"))).status).toBe(404);
    expect((await fetchMockup(front)).status).toBe(404);
    expect((await fetchMockup(`${front}&key=not-the-key`)).status).toBe(404);
    expect((await fetchMockup(front, await cookieFor("admin"))).status).toBe(200);
    const thumb = await fetchMockup(`${front}&w=96`, await cookieFor("admin"));
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    // A variant without a mockup of this design answers 404 too, even to the owner.
    const { variant } = await seededMug("Black");
    const other = front.replace(/\/mockups\/\d+\//, `/mockups/${variant.id}/`);
    expect((await fetchMockup(other, buyer.cookie)).status).toBe(404);
  });

  it("a colour change of the variant makes them again under a new URL and removes the old files", async () => {
    const buyer = await newCustomer("mockup-colour");
    const image = await design(buyer.id);
    const { variant } = await seededMug("Blue inside");
    await addToCart(buyer, image.id, "Blue inside");
    await flushAfterResponse();
    const before = (await getCart({ cookie: buyer.cookie })).items[0]?.mockups.front ?? "";
    const old = await mockupRow(image.id);
    const db = await getDb();
    try {
      await db.update(mugVariants).set({ insideColorCode: "#2E7D32" }).where(eq(mugVariants.id, variant.id));
      invalidateCatalog();
      expect((await getCart({ cookie: buyer.cookie })).items[0]?.mockups.front).toBeNull();
      await flushAfterResponse();
      const after = (await getCart({ cookie: buyer.cookie })).items[0]?.mockups.front ?? "";
      expect(after).toMatch(MOCKUP_URL);
      expect(after).not.toBe(before);
      if (!old) throw new Error("mockup row");
      expect(await getStorage().get(mockupFileKey(old.imageStorageKey, old.id, old.fingerprint, "front"))).toBeNull();
    } finally {
      await db.update(mugVariants).set({ insideColorCode: "#1565C0" }).where(eq(mugVariants.id, variant.id));
      invalidateCatalog();
    }
  });
});

describe("a mockup that could not be made", () => {
  it("leaves the line usable with the flat design and is retried on the next cart read until it works", async () => {
    const buyer = await newCustomer("mockup-retry");
    const image = await design(buyer.id);
    const storage = getStorage();
    const original = await storage.get(image.storageKey);
    if (!original) throw new Error("stored design");
    await storage.put(image.storageKey, Buffer.from("not a picture"), "image/png");

    await addToCart(buyer, image.id);
    await flushAfterResponse();
    expect(await mockupRow(image.id)).toMatchObject({ status: "failed", attempts: 1 });
    const line = (await getCart({ cookie: buyer.cookie })).items[0];
    expect(line?.image.url).toBe(`/api/images/${image.id}`);
    expect(line?.mockups).toEqual({ front: null, left: null, right: null });
    await flushAfterResponse();
    expect(await mockupRow(image.id)).toMatchObject({ status: "failed", attempts: 2 });

    await storage.put(image.storageKey, original, "image/png");
    await getCart({ cookie: buyer.cookie });
    await flushAfterResponse();
    expect(await mockupRow(image.id)).toMatchObject({ status: "ready", attempts: 2, error: null });
    expect(ready((await getCart({ cookie: buyer.cookie })).items[0]?.mockups ?? { front: null, left: null, right: null })).toBe(true);
  });

  it(`is given up after ${MOCKUP_MAX_ATTEMPTS} failed attempts; the scheduled job retries failed ones with attempts left`, async () => {
    const buyer = await newCustomer("mockup-job");
    const image = await design(buyer.id);
    const storage = getStorage();
    const original = await storage.get(image.storageKey);
    if (!original) throw new Error("stored design");
    await storage.put(image.storageKey, Buffer.from("not a picture"), "image/png");
    await addToCart(buyer, image.id);
    await flushAfterResponse();
    for (let i = 0; i < MOCKUP_MAX_ATTEMPTS; i++) {
      await getCart({ cookie: buyer.cookie });
      await flushAfterResponse();
    }
    expect(await mockupRow(image.id)).toMatchObject({ status: "failed", attempts: MOCKUP_MAX_ATTEMPTS });
    await storage.put(image.storageKey, original, "image/png");
    await getCart({ cookie: buyer.cookie });
    await flushAfterResponse();
    expect(await mockupRow(image.id)).toMatchObject({ status: "failed", attempts: MOCKUP_MAX_ATTEMPTS });

    // One attempt left: the job makes it.
    await (
      await getDb()
    )
      .update(mugMockups)
      .set({ attempts: MOCKUP_MAX_ATTEMPTS - 1 })
      .where(eq(mugMockups.imageId, image.id));
    const outcome = await retryDueMockups();
    expect(outcome.ready).toBeGreaterThanOrEqual(1);
    expect(await mockupRow(image.id)).toMatchObject({ status: "ready" });
  });
});

describe("order lines carry mockups", () => {
  it("in the placed order, My orders and the guest order page; the guest link serves them, nobody else", async () => {
    const buyer = await newCustomer("mockup-order");
    const image = await design(buyer.id);
    await addToCart(buyer, image.id);
    await flushAfterResponse();
    const placed = await placeAs(buyer);
    const item = placed.body.order.items[0];
    expect(item?.mockups.front).toMatch(MOCKUP_URL);
    const listed = (await listOrders({ cookie: buyer.cookie })).body.find((o) => o.id === placed.body.order.id);
    expect(listed?.items[0]?.mockups).toEqual(item?.mockups);

    const token = orderLinkToken(placed.body.order.id);
    const guest = await call<GuestOrderDto>(guestOrderRoute.GET, { path: `/api/guest/orders/${token}`, params: { token } });
    expect(guest.status).toBe(200);
    const guestFront = guest.body.items[0]?.mockups.front ?? "";
    expect(guestFront).toBe(
      `/api/guest/orders/${token}/items/${item?.id}/mockups/front?v=${/v=(\w+)/.exec(item?.mockups.front ?? "")?.[1]}`,
    );
    const served = await call(guestMockupRoute.GET, {
      path: guestFront,
      params: { token, itemId: String(item?.id), view: "front" },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    const forged = orderLinkToken("7d3f9a52-4c1e-4b8a-9f0e-2a6b5c4d3e21");
    const wrong = await call(guestMockupRoute.GET, { path: "/x", params: { token: forged, itemId: String(item?.id), view: "front" } });
    expect(wrong.status).toBe(404);
    expect((await fetchMockup(item?.mockups.front ?? "", await cookieFor("other"))).status).toBe(404);
  });
});

describe("the order mail", () => {
  it("shows each line's mockup inline (cid), the flat design while there is none", async () => {
    const buyer = await newCustomer("mockup-mail");
    const withMockup = await design(buyer.id);
    await addToCart(buyer, withMockup.id);
    await flushAfterResponse();
    // A second line whose mockup cannot be made: the mail carries its design instead.
    const broken = await design(buyer.id);
    const original = await getStorage().get(broken.storageKey);
    await getStorage().put(broken.storageKey, Buffer.from("not a picture"), "image/png");
    await addToCart(buyer, broken.id, "Black");
    await flushAfterResponse();
    if (original) await getStorage().put(broken.storageKey, original, "image/png");

    const placed = await placeAs(buyer);
    expect((await paySandbox(placed.body.order.id, card(CARDS.ok), { cookie: buyer.cookie })).status).toBe(200);
    const mail = outboxFiles(dataDir).find((f) => f.text.includes(placed.body.order.orderNumber) && f.text.includes(buyer.email));
    expect(mail).toBeDefined();
    const text = mail?.text ?? "";
    for (const item of placed.body.order.items) {
      const cid = `mockup-${item.id}@mugmagic`;
      expect(text).toContain(`Content-ID: <${cid}>`);
      expect(text.replace(/=\r?\n/g, "").replace(/=3D/g, "=")).toContain(`src="cid:${cid}"`);
    }
    const [first, second] = placed.body.order.items;
    expect(text).toMatch(new RegExp(`Content-Type: image/jpeg; name=item-${first?.id}\\.jpg`));
    expect(text).toMatch(new RegExp(`Content-Type: image/png; name=item-${second?.id}\\.png`));
    expect(text).toMatch(/Content-Disposition: inline/);
  });
});

describe("mockups go with the design", () => {
  it("deleting the design deletes the rows and the files", async () => {
    const buyer = await newCustomer("mockup-delete");
    const image = await design(buyer.id);
    await addToCart(buyer, image.id);
    await flushAfterResponse();
    const row = await mockupRow(image.id);
    if (!row) throw new Error("mockup row");
    const key = mockupFileKey(row.imageStorageKey, row.id, row.fingerprint, "front");
    expect(await getStorage().get(key)).not.toBeNull();
    const res = await call(userImageRoute.DELETE, {
      method: "DELETE",
      path: `/api/user/images/${image.id}`,
      params: { imageId: String(image.id) },
      cookie: buyer.cookie,
    });
    expect(res.status).toBe(204);
    expect(await getStorage().get(key)).toBeNull();
    const db = await getDb();
    expect(await db.select().from(mugMockups).where(eq(mugMockups.id, row.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(images)
        .where(and(eq(images.id, image.id))),
    ).toEqual([]);
  });

  it("the scheduled sweep removes mockups whose design went without them (its files could not be deleted then)", async () => {
    const buyer = await newCustomer("mockup-orphan");
    const image = await design(buyer.id);
    await addToCart(buyer, image.id);
    await flushAfterResponse();
    const row = await mockupRow(image.id);
    if (!row) throw new Error("mockup row");
    const db = await getDb();
    await db.delete(images).where(eq(images.id, image.id));
    const [orphan] = await db.select().from(mugMockups).where(eq(mugMockups.id, row.id));
    expect(orphan?.imageId).toBeNull();
    expect(await deleteOrphanedMockups()).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(mugMockups).where(eq(mugMockups.id, row.id))).toEqual([]);
    expect(await getStorage().get(mockupFileKey(row.imageStorageKey, row.id, row.fingerprint, "left"))).toBeNull();
  });
});

describe("an order line without a mockup (ordered before mockups existed)", () => {
  it("gets it made after the first read of the order", async () => {
    const buyer = await newCustomer("mockup-backfill");
    const image = await design(buyer.id);
    await addToCart(buyer, image.id);
    await flushAfterResponse();
    const placed = await placeAs(buyer);
    // As if the order predated mockups: no row.
    await (await getDb()).delete(mugMockups).where(eq(mugMockups.imageId, image.id));
    const first = (await listOrders({ cookie: buyer.cookie })).body.find((o) => o.id === placed.body.order.id);
    expect(first?.items[0]?.mockups.front).toBeNull();
    await flushAfterResponse();
    const again = (await listOrders({ cookie: buyer.cookie })).body.find((o) => o.id === placed.body.order.id);
    expect(again?.items[0]?.mockups.front).toMatch(MOCKUP_URL);
  });
});
