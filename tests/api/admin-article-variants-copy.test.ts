import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { articles, orderItems, shirtVariants } from "@/db/schema";
import { placedOrder, userIdOf } from "../helpers/orders";
import { TEST_USERS } from "../helpers/test-db";
import {
  unique,
  seededMugArticle,
  newMug,
  newShirt,
  variantRows,
  variantRow,
  imageRow,
  fileOf,
  createdVariant,
  deleteMugVariant,
  uploadedImage,
  removeImage,
  variantsCatalog,
  copyVariants,
  createShirtVariant,
  updateShirtVariant,
  deleteShirtVariant,
  publicMugs,
  publicImage,
  setupVariantStorage,
} from "../helpers/admin-article-variants";

setupVariantStorage();

// ── Variants catalogue and copy ──────────────────────────────────────────────────────────────────

describe("GET /api/admin/articles/mugs/variants-catalog", () => {
  it("GET /api/admin/articles/mugs/variants-catalog – every mug's variants grouped by mug with name and article number; mugs without variants left out", async () => {
    const seeded = await seededMugArticle();
    const name = unique("AAA catalogue mug");
    const mugId = await newMug(name);
    const def = await createdVariant(mugId, { name: "Zeta" });
    const inactive = await createdVariant(mugId, { name: "Alpha", active: false });
    const empty = await newMug();
    const shirtId = await newShirt();
    const res = await variantsCatalog();
    expect(res.status).toBe(200);
    const mine = res.body.find((g) => g.mugId === mugId);
    const [article] = await (await getDb()).select().from(articles).where(eq(articles.id, mugId));
    expect(mine).toMatchObject({ mugName: name, articleNumber: article?.articleNumber });
    expect(mine?.variants.map((v) => ({ id: v.id, isDefault: v.isDefault, active: v.active }))).toEqual([
      { id: def.id, isDefault: true, active: true },
      { id: inactive.id, isDefault: false, active: false },
    ]);
    const seededGroup = res.body.find((g) => g.mugId === seeded.id);
    expect(seededGroup).toMatchObject({ mugName: seeded.name, articleNumber: "MUG-001" });
    expect(seededGroup?.variants.map((v) => v.name)).toEqual(expect.arrayContaining(["White", "Black"]));
    expect(res.body.some((g) => g.mugId === empty || g.mugId === shirtId)).toBe(false);
    const names = res.body.map((g) => g.mugName);
    const compare = new Intl.Collator("en", { sensitivity: "base", numeric: true }).compare;
    expect(names).toEqual([...names].sort(compare));
  });

  it("GET /api/admin/articles/mugs/variants-catalog – excludeMugId leaves that mug out; empty means none", async () => {
    const seeded = await seededMugArticle();
    const without = await variantsCatalog(`?excludeMugId=${seeded.id}`);
    expect(without.status).toBe(200);
    expect(without.body.some((g) => g.mugId === seeded.id)).toBe(false);
    const blank = await variantsCatalog("?excludeMugId=");
    expect(blank.body.some((g) => g.mugId === seeded.id)).toBe(true);
  });

  for (const value of ["abc", "0", "-3", "1.5"]) {
    it(`GET /api/admin/articles/mugs/variants-catalog – excludeMugId=${value} → 422 on excludeMugId`, async () => {
      const res = await variantsCatalog(`?excludeMugId=${value}`);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ excludeMugId: "Invalid value" });
    });
  }
});

describe("POST /api/admin/articles/mugs/{mugId}/copy-variants", () => {
  async function sourceMug() {
    const mugId = await newMug();
    const a = await createdVariant(mugId, {
      name: "Lagoon",
      nameDe: "Lagune",
      articleVariantNumber: "SRC-1",
      insideColorCode: "#112233",
      outsideColorCode: "#445566",
    });
    const b = await createdVariant(mugId, { name: "Sunset", articleVariantNumber: "SRC-2", active: false });
    return { mugId, a, b };
  }

  it("POST /api/admin/articles/mugs/{mugId}/copy-variants – copies name, German name, colours and number; the first copy becomes the default of a mug without one", async () => {
    const { a, b } = await sourceMug();
    const target = await newMug();
    const res = await copyVariants(target, { variantIds: [a.id, b.id] });
    expect(res.status).toBe(200);
    expect(res.body.skipped).toEqual([]);
    expect(res.body.copied.map((v) => ({ ...v, id: 0 }))).toEqual([
      {
        id: 0,
        articleId: target,
        name: "Lagoon",
        nameDe: "Lagune",
        articleVariantNumber: "SRC-1",
        insideColorCode: "#112233",
        outsideColorCode: "#445566",
        active: true,
        isDefault: true,
        exampleImageId: null,
        exampleImageUrl: null,
      },
      {
        id: 0,
        articleId: target,
        name: "Sunset",
        nameDe: null,
        articleVariantNumber: "SRC-2",
        insideColorCode: "#FFFFFF",
        outsideColorCode: "#000000",
        active: true,
        isDefault: false,
        exampleImageId: null,
        exampleImageUrl: null,
      },
    ]);
    expect((await variantRows(target)).map((r) => r.id)).toEqual(res.body.copied.map((v) => v.id));
    // The sources are untouched.
    expect(await variantRow(a.id)).toMatchObject({ articleId: a.articleId, isDefault: true });
    // And the shop shows the copies.
    expect((await publicMugs()).find((m) => m.id === target)?.variants.map((v) => v.name)).toEqual(["Lagoon", "Sunset"]);
  });

  it("POST /api/admin/articles/mugs/{mugId}/copy-variants – names the mug already has, or that the selection repeats, are skipped and reported", async () => {
    const { a, b } = await sourceMug();
    const other = await newMug();
    const lagoonAgain = await createdVariant(other, { name: "LAGOON" });
    const target = await newMug();
    const own = await createdVariant(target, { name: "sunset" });
    const res = await copyVariants(target, { variantIds: [b.id, a.id, lagoonAgain.id, a.id] });
    expect(res.status).toBe(200);
    expect(res.body.copied.map((v) => v.name)).toEqual(["Lagoon"]);
    expect(res.body.skipped).toEqual([
      { id: b.id, name: "Sunset" },
      { id: lagoonAgain.id, name: "LAGOON" },
    ]);
    // The target had a default: copies never take it.
    expect(res.body.copied[0]?.isDefault).toBe(false);
    expect((await variantRows(target)).filter((r) => r.isDefault).map((r) => r.id)).toEqual([own.id]);
  });

  it("POST /api/admin/articles/mugs/{mugId}/copy-variants – copying a mug's own variants onto itself skips them all", async () => {
    const { mugId, a, b } = await sourceMug();
    const res = await copyVariants(mugId, { variantIds: [a.id, b.id] });
    expect(res).toMatchObject({
      status: 200,
      body: {
        copied: [],
        skipped: [
          { id: a.id, name: "Lagoon" },
          { id: b.id, name: "Sunset" },
        ],
      },
    });
    expect(await variantRows(mugId)).toHaveLength(2);
  });

  it("POST /api/admin/articles/mugs/{mugId}/copy-variants – the image is copied: its own row and file, the source's deletion does not touch it", async () => {
    const { a } = await sourceMug();
    const withImage = await uploadedImage(a.id, { cropX: 0, cropY: 0, cropWidth: 80, cropHeight: 40 });
    const source = await imageRow(withImage.exampleImageId ?? 0);
    if (!source) throw new Error("image stored");
    const target = await newMug();
    const res = await copyVariants(target, { variantIds: [a.id] });
    const copy = res.body.copied[0];
    expect(copy?.exampleImageId).toEqual(expect.any(Number));
    expect(copy?.exampleImageId).not.toBe(source.id);
    const copied = await imageRow(copy?.exampleImageId ?? 0);
    expect(copied).toMatchObject({ type: "CATALOGUE", mimeType: "image/webp", width: 80, height: 40, cropWidth: 80, cropHeight: 40 });
    expect(copied?.storageKey).not.toBe(source.storageKey);
    expect(fs.readFileSync(fileOf(copied?.storageKey ?? "")).equals(fs.readFileSync(fileOf(source.storageKey)))).toBe(true);

    // Removing the source's image removes only the source's.
    expect((await removeImage(a.id)).status).toBe(200);
    expect(await imageRow(source.id)).toBeUndefined();
    expect((await publicImage(copy?.exampleImageId ?? 0)).status).toBe(200);
    // And the other way round: deleting the copy leaves nothing of the source behind to break.
    expect((await deleteMugVariant(copy?.id ?? 0)).body).toEqual({ deleted: true, deactivated: false });
    expect(await imageRow(copy?.exampleImageId ?? 0)).toBeUndefined();
  });

  const bad: { title: string; body: unknown; message: string }[] = [
    { title: "variantIds empty", body: { variantIds: [] }, message: "Select at least one variant" },
    { title: "variantIds missing", body: {}, message: "Select at least one variant" },
  ];
  for (const row of bad) {
    it(`POST /api/admin/articles/mugs/{mugId}/copy-variants – ${row.title} → 422 "${row.message}"`, async () => {
      const target = await newMug();
      const res = await copyVariants(target, row.body);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ variantIds: row.message });
      expect(await variantRows(target)).toHaveLength(0);
    });
  }

  it("POST /api/admin/articles/mugs/{mugId}/copy-variants – an unknown variant id → 422 on variantIds, nothing copied", async () => {
    const { a } = await sourceMug();
    const target = await newMug();
    const res = await copyVariants(target, { variantIds: [a.id, 999_999] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ variantIds: "This entry does not exist" });
    expect(await variantRows(target)).toHaveLength(0);
  });

  it("POST /api/admin/articles/mugs/{mugId}/copy-variants – unknown target or a shirt → 404 Invalid mug ID", async () => {
    const { a } = await sourceMug();
    expect(await copyVariants(999_999, { variantIds: [a.id] })).toMatchObject({ status: 404, body: { message: "Invalid mug ID" } });
    expect(await copyVariants(await newShirt(), { variantIds: [a.id] })).toMatchObject({
      status: 404,
      body: { message: "Invalid mug ID" },
    });
  });
});

// ── Shirt variants ───────────────────────────────────────────────────────────────────────────────

describe("shirt variants", () => {
  it("POST /api/admin/articles/shirts/{shirtId}/variants – creates a variant (201)", async () => {
    const shirtId = await newShirt();
    const res = await createShirtVariant(shirtId, { color: "Navy", colorDe: "Marine", size: "M" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      articleId: shirtId,
      color: "Navy",
      colorDe: "Marine",
      size: "M",
      exampleImageId: null,
      exampleImageUrl: null,
    });
    const [row] = await (await getDb()).select().from(shirtVariants).where(eq(shirtVariants.id, res.body.id));
    expect(row).toMatchObject({ color: "Navy", size: "M" });
  });

  const bad: { title: string; body: Record<string, unknown>; field: string; message: string }[] = [
    { title: "colour missing", body: { size: "M" }, field: "color", message: "Colour is required" },
    { title: "colour blank", body: { color: "  ", size: "M" }, field: "color", message: "Colour is required" },
    { title: "size missing", body: { color: "Navy" }, field: "size", message: "Choose one of the shirt's sizes" },
    { title: "size unknown", body: { color: "Navy", size: "XXXXL" }, field: "size", message: "Choose one of the shirt's sizes" },
    {
      title: "size not one of the shirt's sizes",
      body: { color: "Navy", size: "XL" },
      field: "size",
      message: "This size is not one of the shirt's available sizes",
    },
  ];
  for (const row of bad) {
    it(`POST /api/admin/articles/shirts/{shirtId}/variants – ${row.title} → 422 "${row.message}"`, async () => {
      const shirtId = await newShirt();
      const res = await createShirtVariant(shirtId, row.body);
      expect(res.status).toBe(422);
      expect(res.body.errors?.[row.field]).toBe(row.message);
      expect(await (await getDb()).$count(shirtVariants, eq(shirtVariants.articleId, shirtId))).toBe(0);
    });
  }

  it("POST /api/admin/articles/shirts/{shirtId}/variants – a duplicate colour (ignoring case) and size → 409 with the spec's message", async () => {
    const shirtId = await newShirt();
    await createShirtVariant(shirtId, { color: "Navy", size: "M" });
    for (const color of ["Navy", "navy"]) {
      const res = await createShirtVariant(shirtId, { color, size: "M" });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("This color and size combination already exists");
    }
    expect((await createShirtVariant(shirtId, { color: "Navy", size: "L" })).status).toBe(201);
    const concurrent = await Promise.all([1, 2].map(() => createShirtVariant(shirtId, { color: "Olive", size: "S" })));
    expect(concurrent.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it("POST /api/admin/articles/shirts/{shirtId}/variants – unknown article or a mug → 404 Article not found", async () => {
    expect(await createShirtVariant(999_999, { color: "Navy", size: "M" })).toMatchObject({
      status: 404,
      body: { message: "Article not found" },
    });
    expect(await createShirtVariant(await newMug(), { color: "Navy", size: "M" })).toMatchObject({
      status: 404,
      body: { message: "Article not found" },
    });
  });

  it("PUT /api/admin/articles/shirts/variants/{variantId} – replaces colour and size; duplicate → 409; unavailable size → 422; unknown → 404", async () => {
    const shirtId = await newShirt();
    await createShirtVariant(shirtId, { color: "Navy", size: "L" });
    const v = (await createShirtVariant(shirtId, { color: "Navy", size: "M" })).body;
    expect(await updateShirtVariant(v.id, { color: "Navy", colorDe: "Marineblau", size: "S" })).toMatchObject({
      status: 200,
      body: { id: v.id, colorDe: "Marineblau", size: "S" },
    });
    expect(await updateShirtVariant(v.id, { color: "NAVY", size: "S" })).toMatchObject({ status: 200, body: { color: "NAVY" } });
    const dup = await updateShirtVariant(v.id, { color: "navy", size: "L" });
    expect(dup).toMatchObject({ status: 409, body: { message: "This color and size combination already exists" } });
    const size = await updateShirtVariant(v.id, { color: "Navy", size: "XXL" });
    expect(size.status).toBe(422);
    expect(size.body.errors).toEqual({ size: "This size is not one of the shirt's available sizes" });
    expect(await updateShirtVariant(999_999, { color: "Navy", size: "M" })).toMatchObject({
      status: 404,
      body: { message: "Variant not found" },
    });
    const [row] = await (await getDb()).select().from(shirtVariants).where(eq(shirtVariants.id, v.id));
    expect(row).toMatchObject({ color: "NAVY", size: "S" });
  });

  it("DELETE /api/admin/articles/shirts/variants/{variantId} – deletes; unknown → 404", async () => {
    const v = (await createShirtVariant(await newShirt(), { color: "Navy", size: "M" })).body;
    expect(await deleteShirtVariant(v.id)).toMatchObject({ status: 200, body: { deleted: true, deactivated: false } });
    expect(await (await getDb()).$count(shirtVariants, eq(shirtVariants.id, v.id))).toBe(0);
    expect(await deleteShirtVariant(v.id)).toMatchObject({ status: 404, body: { message: "Variant not found" } });
  });

  it("DELETE /api/admin/articles/shirts/variants/{variantId} – a variant an order refers to is kept (409; shirt variants have no active flag)", async () => {
    const shirtId = await newShirt();
    const v = (await createShirtVariant(shirtId, { color: "Navy", size: "M" })).body;
    const order = await placedOrder("customer", await userIdOf(TEST_USERS.customer.email));
    await (await getDb()).insert(orderItems).values({
      orderId: order.order.id,
      articleId: shirtId,
      shirtVariantId: v.id,
      articleName: "Test shirt",
      variantName: "Navy M",
      quantity: 1,
      unitPriceCents: 1000,
      vatPercent: 19,
      totalCents: 1000,
    });
    const res = await deleteShirtVariant(v.id);
    expect(res).toMatchObject({ status: 409, body: { message: "This variant is used by orders or carts and cannot be deleted" } });
    expect(await (await getDb()).$count(shirtVariants, eq(shirtVariants.id, v.id))).toBe(1);
  });
});
