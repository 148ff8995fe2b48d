import fs from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as item from "@/app/api/admin/images/[imageId]/route";
import { getDb } from "@/db/client";
import { images, mugVariants, orderItems, orders, prompts, users } from "@/db/schema";
import { storeImage } from "@/lib/services/images";
import { call, loginAs, type Role } from "../helpers/api";
import { TEST_USERS } from "../helpers/test-db";
import { setupImageFixtures, rowCount, storedRow, fileOf, png, form, upload, getDownload, remove, uploadOk } from "../helpers/admin-images";

setupImageFixtures();

describe("access matrix for /api/admin/images", () => {
  const cases: { role: Role; status: number }[] = [
    { role: "anonymous", status: 401 },
    { role: "customer", status: 403 },
    { role: "admin", status: 200 },
  ];
  for (const { role, status } of cases) {
    it(`POST /api/admin/images – ${role} → ${status === 200 ? 201 : status}`, async () => {
      const before = await rowCount();
      const res = await upload(form(await png(), { imageType: "MUG_VARIANT_EXAMPLE" }), { role });
      expect(res.status).toBe(status === 200 ? 201 : status);
      expect(await rowCount()).toBe(status === 200 ? before + 1 : before);
    });

    it(`GET /api/admin/images/{imageId}/download – ${role} → ${status}`, async () => {
      const target = await uploadOk();
      expect((await getDownload(target.id, role)).status).toBe(status);
    });

    it(`DELETE /api/admin/images/{imageId} – ${role} → ${status === 200 ? 204 : status}`, async () => {
      const target = await uploadOk();
      expect((await remove(target.id, role)).status).toBe(status === 200 ? 204 : status);
      expect(!!(await storedRow(target.id))).toBe(status !== 200);
    });
  }

  it("anonymous and customer answers carry the spec's messages", async () => {
    expect((await upload(form(await png(), { imageType: "PROMPT_EXAMPLE" }), { role: "anonymous" })).body.message).toBe(
      "Authentication required",
    );
    expect((await remove(1, "customer")).body.message).toBe("You do not have permission to do this");
  });
});

describe("GET /api/admin/images/{imageId}/download", () => {
  it("answers the stored bytes as an attachment", async () => {
    const image = await uploadOk();
    const row = await storedRow(image.id);
    if (!row) throw new Error("row stored");
    const res = await getDownload(image.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="image-${image.id}.webp"`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.bytes.equals(fs.readFileSync(fileOf(row.storageKey)))).toBe(true);
  });

  it("also answers a customer's private image", async () => {
    const db = await getDb();
    const [customer] = await db.select().from(users).where(eq(users.email, TEST_USERS.customer.email));
    if (!customer) throw new Error("seeded customer");
    const row = await storeImage({ bytes: await png(), use: "editor", format: "jpeg", type: "UPLOADED", ownerId: customer.id });
    const res = await getDownload(row.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="image-${row.id}.jpeg"`);
    expect(res.headers.get("cache-control")).toContain("private");
  });

  it("unknown or malformed id → 404", async () => {
    expect((await getDownload(999_999)).status).toBe(404);
    expect((await getDownload("abc")).status).toBe(404);
  });
});

describe("DELETE /api/admin/images/{imageId}", () => {
  it("removes row and file; the image is no longer served", async () => {
    const image = await uploadOk();
    const row = await storedRow(image.id);
    if (!row) throw new Error("row stored");
    expect(fs.existsSync(fileOf(row.storageKey))).toBe(true);
    const res = await remove(image.id);
    expect(res.status).toBe(204);
    expect(await storedRow(image.id)).toBeUndefined();
    expect(fs.existsSync(fileOf(row.storageKey))).toBe(false);
    expect((await getDownload(image.id)).status).toBe(404);
    expect((await remove(image.id)).status).toBe(404);
  });

  it("references in mug variants and prompts become empty (ON DELETE SET NULL)", async () => {
    const image = await uploadOk({ imageType: "MUG_VARIANT_EXAMPLE" });
    const db = await getDb();
    const [variant] = await db.select().from(mugVariants).limit(1);
    const [prompt] = await db.select().from(prompts).limit(1);
    if (!variant || !prompt) throw new Error("seed data");
    await db.update(mugVariants).set({ exampleImageId: image.id }).where(eq(mugVariants.id, variant.id));
    await db.update(prompts).set({ exampleImageId: image.id }).where(eq(prompts.id, prompt.id));
    expect((await remove(image.id)).status).toBe(204);
    const [variantAfter] = await db.select().from(mugVariants).where(eq(mugVariants.id, variant.id));
    const [promptAfter] = await db.select().from(prompts).where(eq(prompts.id, prompt.id));
    expect(variantAfter?.exampleImageId).toBeNull();
    expect(promptAfter?.exampleImageId).toBeNull();
  });

  it("unknown or malformed id → 404", async () => {
    expect((await remove(999_999)).status).toBe(404);
    expect((await remove("0")).status).toBe(404);
  });
});

describe("DELETE /api/admin/images/{imageId} – an image an order prints", () => {
  it("is kept (409) so the order keeps its design", async () => {
    const db = await getDb();
    const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, TEST_USERS.customer.email));
    if (!customer) throw new Error("seeded customer");
    const image = await storeImage({
      bytes: await sharp({ create: { width: 32, height: 32, channels: 3, background: "#0af" } })
        .png()
        .toBuffer(),
      use: "generated",
      format: "webp",
      type: "GENERATED",
      ownerId: customer.id,
    });
    const [order] = await db
      .insert(orders)
      .values({
        orderNumber: `A-${image.id}`,
        userId: customer.id,
        email: TEST_USERS.customer.email,
        firstName: "T",
        lastName: "C",
        subtotalCents: 1499,
        shippingCents: 0,
        taxCents: 239,
        totalCents: 1499,
        idempotencyKey: `admin-${image.id}`,
      })
      .returning();
    if (!order) throw new Error("order inserted");
    await db.insert(orderItems).values({
      orderId: order.id,
      articleName: "Mug",
      quantity: 1,
      unitPriceCents: 1499,
      vatPercent: 19,
      totalCents: 1499,
      imageId: image.id,
    });
    const res = await call(item.DELETE, { method: "DELETE", params: { imageId: String(image.id) }, cookie: await loginAs("admin") });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: "This image belongs to an order and cannot be deleted" });
    expect(await db.$count(images, eq(images.id, image.id))).toBe(1);
  });
});
