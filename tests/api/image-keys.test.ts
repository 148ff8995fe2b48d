import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as publicGenerate from "@/app/api/public/images/generate/route";
import * as imageRoute from "@/app/api/images/[imageId]/route";
import * as pdfRoute from "@/app/api/public/pdf/generate/route";
import * as register from "@/app/api/auth/register/route";
import { getDb } from "@/db/client";
import { images } from "@/db/schema";
import { storeImage } from "@/lib/services/images";
import { activePromptAndMug, ownStorage } from "../helpers/generation";
import { call, cookieFrom, loginAs } from "../helpers/api";
import { makeJpeg, photoForm } from "../helpers/images";

// Issue 10: each stored image carries its own access key. A key opens exactly one image, so the link
// to a generated image (which a visitor may share) never opens the customer's original photo.

type Generated = { sourceImage: { id: number; url: string }; images: { id: number; url: string }[] };
type ErrorBody = { message: string };

let promptId: number;
let mugId: number;
let photo: Buffer;
let ipCounter = 0;

beforeAll(async () => {
  ownStorage("shop-test-image-keys-");
  ({ promptId, mugId } = await activePromptAndMug());
  photo = await makeJpeg(600, 400);
});

/** An anonymous visitor's generation (offline provider), from its own client address. */
async function generateAnonymously(): Promise<Generated> {
  const res = await call<Generated & ErrorBody>(publicGenerate.POST, {
    method: "POST",
    path: "/api/public/images/generate",
    body: photoForm(photo, { promptId, mugId }),
    headers: { "x-forwarded-for": `198.51.100.${++ipCounter}` },
  });
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const keyOf = (url: string) => new URL(url, "http://localhost").searchParams.get("key");

async function open(id: number, key: string | null, cookie?: string) {
  const path = key === null ? `/api/images/${id}` : `/api/images/${id}?key=${key}`;
  return call<ErrorBody>(imageRoute.GET, { path, params: { imageId: String(id) }, cookie });
}

describe("per-image access keys", () => {
  it("every image of an anonymous generation has its own key, and each URL opens its own image", async () => {
    const gen = await generateAnonymously();
    const all = [gen.sourceImage, ...gen.images];
    expect(all.length).toBeGreaterThanOrEqual(2);
    const keys = all.map((i) => keyOf(i.url));
    for (const key of keys) expect(key).toMatch(/^[\w-]{43}$/);
    expect(new Set(keys).size).toBe(keys.length);
    for (const image of all) expect((await open(image.id, keyOf(image.url))).status).toBe(200);

    const db = await getDb();
    for (const image of all) {
      const [row] = await db.select({ accessKey: images.accessKey, ownerId: images.ownerId }).from(images).where(eq(images.id, image.id));
      expect(row).toEqual({ accessKey: keyOf(image.url), ownerId: null });
    }
  });

  it("the generated image's link does not open the original photo (404), nor does the photo's key open the generated image", async () => {
    const gen = await generateAnonymously();
    const [generated] = gen.images;
    if (!generated) throw new Error("one generated image");
    const miss = await open(gen.sourceImage.id, keyOf(generated.url));
    expect(miss.status).toBe(404);
    expect(miss.body.message).toBe("Not found");
    expect((await open(generated.id, keyOf(gen.sourceImage.url))).status).toBe(404);
  });

  it("a key opens no image of another visitor", async () => {
    const first = await generateAnonymously();
    const second = await generateAnonymously();
    const [a] = first.images;
    const [b] = second.images;
    if (!a || !b) throw new Error("generated images");
    expect((await open(b.id, keyOf(a.url))).status).toBe(404);
    expect((await open(second.sourceImage.id, keyOf(a.url))).status).toBe(404);
  });

  it("the print PDF of the original photo cannot be had with the generated image's key", async () => {
    const gen = await generateAnonymously();
    const [generated] = gen.images;
    if (!generated) throw new Error("one generated image");
    const pdf = (imageUrl: string) =>
      call<ErrorBody>(pdfRoute.POST, {
        method: "POST",
        path: "/api/public/pdf/generate",
        body: { mugId, imageUrl },
        headers: { "x-forwarded-for": "198.51.100.250" },
      });
    expect((await pdf(generated.url)).status).toBe(200);
    const stolen = await pdf(`/api/images/${gen.sourceImage.id}?key=${keyOf(generated.url)}`);
    expect(stolen.status).toBe(404);
  });

  it("a visitor who then registers as a guest keeps access to every image through its own link", async () => {
    const gen = await generateAnonymously();
    const reg = await call(register.POST, {
      method: "POST",
      path: "/api/auth/register",
      body: { email: "keys-guest@example.com", guest: true },
    });
    expect(reg.status).toBe(201);
    const cookie = cookieFrom(reg);
    for (const image of [gen.sourceImage, ...gen.images]) expect((await open(image.id, keyOf(image.url), cookie)).status).toBe(200);
    const [generated] = gen.images;
    if (!generated) throw new Error("one generated image");
    // The session does not widen what a key opens.
    expect((await open(gen.sourceImage.id, keyOf(generated.url), cookie)).status).toBe(404);
    expect((await open(gen.sourceImage.id, null, cookie)).status).toBe(404);
  });

  it("signed-in owners need no key, admins see every image, other customers none", async () => {
    const customer = await loginAs("customer");
    const gen = await call<Generated & ErrorBody>(publicGenerate.POST, {
      method: "POST",
      path: "/api/public/images/generate",
      body: photoForm(photo, { promptId, mugId }),
      cookie: customer,
      headers: { "x-forwarded-for": "198.51.100.200" },
    });
    expect(gen.status).toBe(200);
    for (const image of [gen.body.sourceImage, ...gen.body.images]) {
      expect(keyOf(image.url)).toBeNull();
      expect((await open(image.id, null, customer)).status).toBe(200);
      expect((await open(image.id, null, await loginAs("admin"))).status).toBe(200);
      expect((await open(image.id, null, await loginAs("other"))).status).toBe(404);
      expect((await open(image.id, null)).status).toBe(404);
    }
    const anonymous = await generateAnonymously();
    expect((await open(anonymous.sourceImage.id, null, await loginAs("admin"))).status).toBe(200);
  });

  it("storing an image for nobody gives it a fresh key every time; owned and catalogue images have none", async () => {
    const bytes = await makeJpeg(64, 48);
    const a = await storeImage({ bytes, use: "generated", format: "webp", type: "GENERATED", ownerId: null });
    const b = await storeImage({ bytes, use: "generated", format: "webp", type: "GENERATED", ownerId: null });
    expect(a.accessKey).toMatch(/^[\w-]{43}$/);
    expect(b.accessKey).toMatch(/^[\w-]{43}$/);
    expect(a.accessKey).not.toBe(b.accessKey);
    const catalogue = await storeImage({ bytes, use: "catalogue", format: "webp", type: "CATALOGUE", ownerId: null });
    expect(catalogue.accessKey).toBeNull();
  });
});
