import fs from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { cartItems, images, orderItems, prompts } from "@/db/schema";
import { photoForm } from "../helpers/images";
import { fillCart, placedOrder, userIdOf } from "../helpers/orders";
import { TEST_USERS } from "../helpers/test-db";
import {
  MB,
  newMug,
  variantRows,
  variantRow,
  imageRow,
  fileOf,
  variantBody,
  createdVariant,
  updateMugVariant,
  bodyOf,
  deleteMugVariant,
  png,
  uploadImage,
  uploadedImage,
  removeImage,
  publicMugs,
  publicImage,
  setupVariantStorage,
} from "../helpers/admin-article-variants";

setupVariantStorage();

describe("PUT /api/admin/articles/mugs/variants/{variantId}", () => {
  it("PUT /api/admin/articles/mugs/variants/{variantId} – replaces the fields; GET /api/mugs shows the change", async () => {
    const mugId = await newMug();
    const v = await createdVariant(mugId, { name: "Before" });
    await publicMugs();
    const res = await updateMugVariant(
      v.id,
      bodyOf(v, { name: "After", nameDe: "Danach", articleVariantNumber: "N-1", insideColorCode: "#00ff00", outsideColorCode: "#0000ff" }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: v.id,
      name: "After",
      nameDe: "Danach",
      articleVariantNumber: "N-1",
      insideColorCode: "#00FF00",
      outsideColorCode: "#0000FF",
      isDefault: true,
    });
    const shop = (await publicMugs()).find((m) => m.id === mugId)?.variants.find((x) => x.id === v.id);
    expect(shop).toMatchObject({ name: "After", insideColorCode: "#00FF00", outsideColorCode: "#0000FF", articleVariantNumber: "N-1" });
  });

  it("PUT /api/admin/articles/mugs/variants/{variantId} – deactivating a variant takes it out of GET /api/mugs", async () => {
    const mugId = await newMug();
    await createdVariant(mugId);
    const v = await createdVariant(mugId);
    expect((await publicMugs()).find((m) => m.id === mugId)?.variants.map((x) => x.id)).toContain(v.id);
    expect((await updateMugVariant(v.id, bodyOf(v, { active: false }))).status).toBe(200);
    expect((await publicMugs()).find((m) => m.id === mugId)?.variants.map((x) => x.id)).not.toContain(v.id);
  });

  it("PUT /api/admin/articles/mugs/variants/{variantId} – renaming to another variant's name (ignoring case) → 409; keeping its own name in another case is fine", async () => {
    const mugId = await newMug();
    await createdVariant(mugId, { name: "Sand" });
    const v = await createdVariant(mugId, { name: "Stone" });
    const res = await updateMugVariant(v.id, bodyOf(v, { name: "SAND" }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      message: "A variant with this name already exists",
      errors: { name: "A variant with this name already exists" },
    });
    expect((await variantRow(v.id))?.name).toBe("Stone");
    expect(await updateMugVariant(v.id, bodyOf(v, { name: "stone" }))).toMatchObject({ status: 200, body: { name: "stone" } });
  });

  it("PUT /api/admin/articles/mugs/variants/{variantId} – isDefault=true moves the default from the old one", async () => {
    const mugId = await newMug();
    const first = await createdVariant(mugId);
    const second = await createdVariant(mugId);
    const res = await updateMugVariant(second.id, bodyOf(second, { isDefault: true }));
    expect(res).toMatchObject({ status: 200, body: { isDefault: true } });
    expect((await variantRow(first.id))?.isDefault).toBe(false);
    expect((await publicMugs()).find((m) => m.id === mugId)?.variants[0]?.id).toBe(second.id);
  });

  it("PUT /api/admin/articles/mugs/variants/{variantId} – un-setting the default on the current default → 409, nothing changed", async () => {
    const mugId = await newMug();
    const v = await createdVariant(mugId, { name: "Only" });
    const res = await updateMugVariant(v.id, bodyOf(v, { isDefault: false, name: "Changed" }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("A mug needs exactly one default variant. Make another variant the default first.");
    expect(await variantRow(v.id)).toMatchObject({ isDefault: true, name: "Only" });
  });

  it("PUT /api/admin/articles/mugs/variants/{variantId} – deactivating the default, or making an inactive variant the default → 422 on active", async () => {
    const mugId = await newMug();
    const def = await createdVariant(mugId);
    const other = await createdVariant(mugId, { active: false });
    const deactivate = await updateMugVariant(def.id, bodyOf(def, { active: false }));
    expect(deactivate.status).toBe(422);
    expect(deactivate.body.errors).toEqual({ active: "The default variant must be active" });
    const promote = await updateMugVariant(other.id, bodyOf(other, { isDefault: true }));
    expect(promote.status).toBe(422);
    expect(promote.body.errors).toEqual({ active: "The default variant must be active" });
    expect((await variantRows(mugId)).map((r) => ({ id: r.id, active: r.active, isDefault: r.isDefault }))).toEqual([
      { id: def.id, active: true, isDefault: true },
      { id: other.id, active: false, isDefault: false },
    ]);
  });

  const bad: { title: string; changes: Record<string, unknown>; field: string; message: string }[] = [
    { title: "name blank", changes: { name: "" }, field: "name", message: "Name is required" },
    {
      title: "inside colour #12345",
      changes: { insideColorCode: "#12345" },
      field: "insideColorCode",
      message: "Enter a colour as a hex code such as #1A2B3C",
    },
    {
      title: "outside colour 'red'",
      changes: { outsideColorCode: "red" },
      field: "outsideColorCode",
      message: "Enter a colour as a hex code such as #1A2B3C",
    },
    { title: "outside colour missing", changes: { outsideColorCode: undefined }, field: "outsideColorCode", message: "Colour is required" },
  ];
  for (const row of bad) {
    it(`PUT /api/admin/articles/mugs/variants/{variantId} – ${row.title} → 422 "${row.message}", nothing changed`, async () => {
      const v = await createdVariant(await newMug());
      const res = await updateMugVariant(v.id, bodyOf(v, row.changes));
      expect(res.status).toBe(422);
      expect(res.body.errors?.[row.field]).toBe(row.message);
      expect((await variantRow(v.id))?.name).toBe(v.name);
    });
  }

  it("PUT /api/admin/articles/mugs/variants/{variantId} – unknown variant → 404 Variant not found; malformed id → 404", async () => {
    expect(await updateMugVariant(999_999, variantBody())).toMatchObject({ status: 404, body: { message: "Variant not found" } });
    expect((await updateMugVariant("x1", variantBody())).status).toBe(404);
  });
});

describe("DELETE /api/admin/articles/mugs/variants/{variantId}", () => {
  it("DELETE /api/admin/articles/mugs/variants/{variantId} – deletes a variant nothing refers to", async () => {
    const mugId = await newMug();
    await createdVariant(mugId);
    const v = await createdVariant(mugId);
    expect(await deleteMugVariant(v.id)).toMatchObject({ status: 200, body: { deleted: true, deactivated: false } });
    expect(await variantRow(v.id)).toBeUndefined();
    expect(await deleteMugVariant(v.id)).toMatchObject({ status: 404, body: { message: "Variant not found" } });
  });

  it("DELETE /api/admin/articles/mugs/variants/{variantId} – deleting the default makes the next active variant the default", async () => {
    const mugId = await newMug();
    const def = await createdVariant(mugId);
    const inactive = await createdVariant(mugId, { active: false });
    const active = await createdVariant(mugId);
    expect((await deleteMugVariant(def.id)).body).toEqual({ deleted: true, deactivated: false });
    const rows = await variantRows(mugId);
    expect(rows.map((r) => ({ id: r.id, isDefault: r.isDefault }))).toEqual([
      { id: inactive.id, isDefault: false },
      { id: active.id, isDefault: true },
    ]);
    // Only inactive variants left: one of them carries the default (there is always exactly one).
    await deleteMugVariant(active.id);
    expect((await variantRows(mugId)).map((r) => ({ id: r.id, isDefault: r.isDefault }))).toEqual([{ id: inactive.id, isDefault: true }]);
    await deleteMugVariant(inactive.id);
    expect(await variantRows(mugId)).toHaveLength(0);
  });

  it("DELETE /api/admin/articles/mugs/variants/{variantId} – a variant an order refers to is deactivated, not deleted; the default moves on", async () => {
    const ownerId = await userIdOf(TEST_USERS.customer.email);
    const order = await placedOrder("customer", ownerId);
    const db = await getDb();
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.order.id));
    if (!line?.mugVariantId) throw new Error("order line with a mug variant");
    const ordered = await variantRow(line.mugVariantId);
    expect(ordered?.isDefault).toBe(true); // the seeded White variant
    const res = await deleteMugVariant(line.mugVariantId);
    expect(res).toMatchObject({ status: 200, body: { deleted: false, deactivated: true } });
    expect(await variantRow(line.mugVariantId)).toMatchObject({ active: false, isDefault: false });
    const [after] = await db.select().from(orderItems).where(eq(orderItems.id, line.id));
    expect(after?.mugVariantId).toBe(line.mugVariantId);
    const rows = await variantRows(line.articleId ?? 0);
    expect(rows.filter((r) => r.isDefault).map((r) => r.active)).toEqual([true]);
    const shop = (await publicMugs()).find((m) => m.id === line.articleId);
    expect(shop?.variants.map((v) => v.id)).not.toContain(line.mugVariantId);
  });

  it("DELETE /api/admin/articles/mugs/variants/{variantId} – a variant only a cart refers to is deactivated too", async () => {
    const mugId = await newMug();
    await createdVariant(mugId);
    const v = await createdVariant(mugId);
    const ownerId = await userIdOf(TEST_USERS.other.email);
    const cart = await fillCart("other", ownerId);
    const db = await getDb();
    await db
      .update(cartItems)
      .set({ articleId: mugId, mugVariantId: v.id })
      .where(eq(cartItems.id, cart.items[0]?.id ?? 0));
    expect(await deleteMugVariant(v.id)).toMatchObject({ status: 200, body: { deleted: false, deactivated: true } });
    expect(await variantRow(v.id)).toMatchObject({ active: false, isDefault: false });
  });

  it("DELETE /api/admin/articles/mugs/variants/{variantId} – the variant's image goes with it (row and file)", async () => {
    const mugId = await newMug();
    await createdVariant(mugId);
    const v = await uploadedImage((await createdVariant(mugId)).id);
    const image = await imageRow(v.exampleImageId ?? 0);
    if (!image) throw new Error("image stored");
    expect(fs.existsSync(fileOf(image.storageKey))).toBe(true);
    await deleteMugVariant(v.id);
    expect(await imageRow(image.id)).toBeUndefined();
    expect(fs.existsSync(fileOf(image.storageKey))).toBe(false);
  });
});

// ── Images ───────────────────────────────────────────────────────────────────────────────────────

describe("POST /api/admin/articles/mugs/variants/{variantId}/image", () => {
  it("POST /api/admin/articles/mugs/variants/{variantId}/image – stores the cropped image as a public CATALOGUE WebP of the crop's size", async () => {
    const mugId = await newMug();
    const v = await createdVariant(mugId);
    const res = await uploadImage(
      v.id,
      photoForm(await png(200, 100), { cropX: 10, cropY: 20, cropWidth: 120, cropHeight: 60 }, "photo.png", "image/png"),
    );
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(v.id);
    expect(res.body.exampleImageId).toEqual(expect.any(Number));
    expect(res.body.exampleImageUrl).toBe(`/api/images/${res.body.exampleImageId}`);
    const image = await imageRow(res.body.exampleImageId ?? 0);
    expect(image).toMatchObject({
      type: "CATALOGUE",
      ownerId: null,
      mimeType: "image/webp",
      width: 120,
      height: 60,
      cropX: 10,
      cropY: 20,
      cropWidth: 120,
      cropHeight: 60,
    });
    const served = await publicImage(res.body.exampleImageId ?? 0);
    expect(served.status).toBe(200);
    expect(await sharp(served.bytes).metadata()).toMatchObject({ format: "webp", width: 120, height: 60 });
    const shop = (await publicMugs()).find((m) => m.id === mugId)?.variants.find((x) => x.id === v.id);
    expect(shop?.exampleImageUrl).toBe(res.body.exampleImageUrl);
  });

  it("POST /api/admin/articles/mugs/variants/{variantId}/image – a JPEG without a crop keeps its size", async () => {
    const v = await createdVariant(await newMug());
    const jpeg = await sharp({ create: { width: 90, height: 70, channels: 3, background: "#c33" } })
      .jpeg()
      .toBuffer();
    const res = await uploadImage(v.id, photoForm(jpeg, {}));
    expect(res.status).toBe(200);
    expect(await imageRow(res.body.exampleImageId ?? 0)).toMatchObject({ width: 90, height: 70, cropX: null });
  });

  it("POST /api/admin/articles/mugs/variants/{variantId}/image – replacing the image deletes the earlier one (row and file)", async () => {
    const v = await uploadedImage((await createdVariant(await newMug())).id);
    const old = await imageRow(v.exampleImageId ?? 0);
    if (!old) throw new Error("image stored");
    const replaced = await uploadedImage(v.id, {}, await png(50, 40));
    expect(replaced.exampleImageId).not.toBe(old.id);
    expect(await imageRow(old.id)).toBeUndefined();
    expect(fs.existsSync(fileOf(old.storageKey))).toBe(false);
    expect(await imageRow(replaced.exampleImageId ?? 0)).toMatchObject({ width: 50, height: 40 });
  });

  it("POST /api/admin/articles/mugs/variants/{variantId}/image – an earlier image something else still uses is kept", async () => {
    const v = await uploadedImage((await createdVariant(await newMug())).id);
    const old = await imageRow(v.exampleImageId ?? 0);
    if (!old) throw new Error("image stored");
    const db = await getDb();
    const [prompt] = await db.select().from(prompts).limit(1);
    if (!prompt) throw new Error("seeded prompt");
    await db.update(prompts).set({ exampleImageId: old.id }).where(eq(prompts.id, prompt.id));
    await uploadedImage(v.id);
    expect(await imageRow(old.id)).toBeDefined();
    expect(fs.existsSync(fileOf(old.storageKey))).toBe(true);
  });

  const MISSING = Symbol("no file");
  const oversize = () => {
    const bytes = Buffer.alloc(10 * MB + 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
    return bytes;
  };
  const bad: {
    title: string;
    file: () => Promise<Buffer | string | typeof MISSING>;
    fields?: Record<string, string | number>;
    status: number;
    message: string;
    errors?: Record<string, string>;
  }[] = [
    { title: "an image over 10 MB", file: async () => oversize(), status: 413, message: "The image is too large (maximum 10 MB)" },
    {
      title: "text bytes named photo.png",
      file: async () => "certainly not a picture",
      status: 415,
      message: "Only PNG, JPEG, GIF or WEBP images are allowed",
    },
    { title: "a truncated PNG", file: async () => (await png()).subarray(0, 40), status: 422, message: "The file is not a valid image" },
    {
      title: "no image field",
      file: async () => MISSING,
      status: 422,
      message: "Validation failed",
      errors: { image: "Please choose an image file" },
    },
    {
      title: "a partial crop",
      file: () => png(),
      fields: { cropX: 0, cropY: 0 },
      status: 422,
      message: "Validation failed",
      errors: { crop: "The crop needs x, y, width and height" },
    },
    {
      title: "a crop outside the image",
      file: () => png(200, 100),
      fields: { cropX: 150, cropY: 0, cropWidth: 100, cropHeight: 50 },
      status: 422,
      message: "The crop area must lie within the image",
    },
    {
      title: "a crop value that is not a number",
      file: () => png(),
      fields: { cropX: "left", cropY: 0, cropWidth: 10, cropHeight: 10 },
      status: 422,
      message: "Validation failed",
      errors: { cropX: "Invalid value" },
    },
  ];
  for (const row of bad) {
    it(`POST /api/admin/articles/mugs/variants/{variantId}/image – ${row.title} → ${row.status} "${row.message}", variant and images unchanged`, async () => {
      const v = await uploadedImage((await createdVariant(await newMug())).id);
      const imagesBefore = await (await getDb()).$count(images);
      const file = await row.file();
      let form: FormData;
      if (file === MISSING) {
        form = new FormData();
        for (const [k, val] of Object.entries(row.fields ?? {})) form.set(k, String(val));
      } else {
        form = photoForm(file, row.fields ?? {}, "photo.png", "image/png");
      }
      const res = await uploadImage(v.id, form);
      expect(res.status).toBe(row.status);
      expect(res.body.message).toBe(row.message);
      if (row.errors) expect(res.body.errors).toEqual(row.errors);
      expect((await variantRow(v.id))?.exampleImageId).toBe(v.exampleImageId);
      expect(await (await getDb()).$count(images)).toBe(imagesBefore);
    });
  }

  it("POST /api/admin/articles/mugs/variants/{variantId}/image – a JSON body → 415; unknown variant → 404 and nothing stored", async () => {
    const v = await createdVariant(await newMug());
    expect(await uploadImage(v.id, JSON.stringify({ image: "x" }))).toMatchObject({
      status: 415,
      body: { message: "The request must be sent as multipart/form-data" },
    });
    const before = await (await getDb()).$count(images);
    expect(await uploadImage(999_999, photoForm(await png(), {}, "photo.png", "image/png"))).toMatchObject({
      status: 404,
      body: { message: "Variant not found" },
    });
    expect(await (await getDb()).$count(images)).toBe(before);
  });
});

describe("DELETE /api/admin/articles/mugs/variants/{variantId}/image", () => {
  it("DELETE /api/admin/articles/mugs/variants/{variantId}/image – removes the image from the variant; row and file are deleted", async () => {
    const mugId = await newMug();
    const v = await uploadedImage((await createdVariant(mugId)).id);
    const image = await imageRow(v.exampleImageId ?? 0);
    if (!image) throw new Error("image stored");
    await publicMugs();
    const res = await removeImage(v.id);
    expect(res).toMatchObject({ status: 200, body: { id: v.id, exampleImageId: null, exampleImageUrl: null } });
    expect(await imageRow(image.id)).toBeUndefined();
    expect(fs.existsSync(fileOf(image.storageKey))).toBe(false);
    expect((await publicMugs()).find((m) => m.id === mugId)?.variants[0]?.exampleImageUrl).toBeNull();
    // Nothing to remove any more: the same answer again.
    expect(await removeImage(v.id)).toMatchObject({ status: 200, body: { exampleImageId: null } });
  });

  it("DELETE /api/admin/articles/mugs/variants/{variantId}/image – unknown variant → 404", async () => {
    expect(await removeImage(999_999)).toMatchObject({ status: 404, body: { message: "Variant not found" } });
  });
});
