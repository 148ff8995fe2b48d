import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as imageRoute from "@/app/api/images/[imageId]/route";
import * as userImageRoute from "@/app/api/user/images/[imageId]/route";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { getStorage, resetStorage } from "@/lib/integrations/storage";
import { THUMBNAIL_WIDTHS, thumbnailKey } from "@/lib/services/images/thumbnails";
import { storeImage } from "@/lib/services/images";
import { call, cookieFor } from "../helpers/api";
import { TEST_USERS, tempDir } from "../helpers/test-db";

let customerId: number;

beforeAll(async () => {
  process.env.STORAGE_DIR = tempDir("shop-test-image-thumbnails-");
  resetStorage();
  const [customer] = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, TEST_USERS.customer.email));
  if (!customer) throw new Error("seed data");
  customerId = customer.id;
});

/** A customer's generated design, 1000 × 800 px. */
async function design() {
  const bytes = await sharp({ create: { width: 1000, height: 800, channels: 3, background: "#c63" } })
    .png()
    .toBuffer();
  return storeImage({ bytes, use: "generated", format: "png", type: "GENERATED", ownerId: customerId });
}

/** GET /api/images/{id}?w= through the route, bytes kept as bytes. */
async function fetchImage(id: number, opts: { w?: string; cookie?: string; ifNoneMatch?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.ifNoneMatch) headers["if-none-match"] = opts.ifNoneMatch;
  const qs = opts.w === undefined ? "" : `?w=${opts.w}`;
  const res = await imageRoute.GET(new Request(`http://localhost/api/images/${id}${qs}`, { headers }), {
    params: Promise.resolve({ imageId: String(id) }),
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe("GET /api/images/{imageId}?w= – thumbnails", () => {
  it("w=192 answers a WebP 192 px wide, far smaller than the original, with its own ETag", async () => {
    const image = await design();
    const cookie = await cookieFor("customer");
    const original = await fetchImage(image.id, { cookie });
    const thumb = await fetchImage(image.id, { cookie, w: "192" });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect(thumb.headers.get("cache-control")).toBe("private, max-age=3600");
    const meta = await sharp(thumb.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 192, 154]);
    expect(thumb.bytes.length).toBeLessThan(original.bytes.length);
    expect(thumb.headers.get("etag")).not.toBe(original.headers.get("etag"));
    // Made once and kept in storage.
    expect(await getStorage().get(thumbnailKey(image.storageKey, 192))).toEqual(thumb.bytes);
    expect((await fetchImage(image.id, { cookie, w: "192" })).bytes).toEqual(thumb.bytes);
  });

  it("If-None-Match with the thumbnail's ETag → 304 without a body; the original's ETag does not match it", async () => {
    const image = await design();
    const cookie = await cookieFor("customer");
    const thumb = await fetchImage(image.id, { cookie, w: "96" });
    const etag = thumb.headers.get("etag") ?? "";
    const again = await fetchImage(image.id, { cookie, w: "96", ifNoneMatch: etag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    const original = await fetchImage(image.id, { cookie });
    expect((await fetchImage(image.id, { cookie, w: "96", ifNoneMatch: original.headers.get("etag") ?? "" })).status).toBe(200);
  });

  it("a width outside the allowed set → 400/422; someone else's image → 404 like without w", async () => {
    const image = await design();
    const status = (await fetchImage(image.id, { cookie: await cookieFor("customer"), w: "100" })).status;
    expect([400, 422]).toContain(status);
    expect((await fetchImage(image.id, { cookie: await cookieFor("other"), w: "192" })).status).toBe(404);
    expect((await fetchImage(image.id, { w: "192" })).status).toBe(404);
  });

  it("an image smaller than the width is never enlarged", async () => {
    const bytes = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#36c" } })
      .png()
      .toBuffer();
    const image = await storeImage({ bytes, use: "generated", format: "png", type: "GENERATED", ownerId: customerId });
    const thumb = await fetchImage(image.id, { cookie: await cookieFor("customer"), w: "384" });
    expect((await sharp(thumb.bytes).metadata()).width).toBe(80);
  });

  it("deleting the image deletes its thumbnails", async () => {
    const image = await design();
    const cookie = await cookieFor("customer");
    for (const w of THUMBNAIL_WIDTHS) expect((await fetchImage(image.id, { cookie, w: String(w) })).status).toBe(200);
    const res = await call(userImageRoute.DELETE, {
      method: "DELETE",
      path: `/api/user/images/${image.id}`,
      params: { imageId: String(image.id) },
      cookie,
    });
    expect(res.status).toBe(204);
    for (const w of THUMBNAIL_WIDTHS) expect(await getStorage().get(thumbnailKey(image.storageKey, w))).toBeNull();
  });
});
