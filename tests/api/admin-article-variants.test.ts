import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as mugVariantsRoute from "@/app/api/admin/articles/mugs/[mugId]/variants/route";
import * as mugVariantRoute from "@/app/api/admin/articles/mugs/variants/[variantId]/route";
import * as mugVariantImageRoute from "@/app/api/admin/articles/mugs/variants/[variantId]/image/route";
import * as variantsCatalogRoute from "@/app/api/admin/articles/mugs/variants-catalog/route";
import * as copyVariantsRoute from "@/app/api/admin/articles/mugs/[mugId]/copy-variants/route";
import * as shirtVariantsRoute from "@/app/api/admin/articles/shirts/[shirtId]/variants/route";
import * as shirtVariantRoute from "@/app/api/admin/articles/shirts/variants/[variantId]/route";
import * as publicMugsRoute from "@/app/api/mugs/route";
import * as publicImageRoute from "@/app/api/images/[imageId]/route";
import { getDb } from "@/db/client";
import {
  articlePriceCalculations,
  articles,
  cartItems,
  images,
  mugDetails,
  mugVariants,
  orderItems,
  prompts,
  shirtDetails,
  shirtVariants,
} from "@/db/schema";
import { resetStorage } from "@/lib/integrations/storage";
import type { CopyVariantsDto, MugVariantAdminDto, ShirtVariantAdminDto, VariantsCatalogDto } from "@/lib/schemas/articles";
import type { MugDto } from "@/lib/schemas/catalog";
import { call, cookieFor, loginAs, type Role } from "../helpers/api";
import { photoForm } from "../helpers/images";
import { fillCart, placedOrder, userIdOf } from "../helpers/orders";
import { TEST_USERS, tempDir } from "../helpers/test-db";

type ErrorBody = { message: string; errors?: Record<string, string> };
type Deleted = { deleted: boolean; deactivated: boolean };

const MB = 1024 * 1024;
let storageDir: string;

// This file's own storage folder, so file checks are not disturbed by test files running in parallel.
beforeAll(() => {
  storageDir = tempDir("shop-test-article-variants-");
  process.env.STORAGE_DIR = storageDir;
  resetStorage();
});

const admin = () => loginAs("admin");

// ── Fixtures: articles written directly (the articles API is not under test here) ─────────────────

let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}-${randomUUID().slice(0, 8)}`;

async function seededMugArticle() {
  const [row] = await (await getDb()).select().from(articles).where(eq(articles.articleNumber, "MUG-001"));
  if (!row) throw new Error("seeded mug MUG-001");
  return row;
}

/** A new active mug with details and a price (so the shop lists it once it has an active variant), no variants. */
async function newMug(name = unique("Test mug")): Promise<number> {
  const db = await getDb();
  const seed = await seededMugArticle();
  const [article] = await db
    .insert(articles)
    .values({ type: "MUG", name, articleNumber: unique("T-MUG"), categoryId: seed.categoryId, active: true })
    .returning({ id: articles.id });
  if (!article) throw new Error("mug inserted");
  await db.insert(mugDetails).values({
    articleId: article.id,
    heightMm: 95,
    diameterMm: 82,
    fillingQuantityMl: 330,
    printTemplateWidthMm: 200,
    printTemplateHeightMm: 80,
    documentWidthMm: 210,
    documentHeightMm: 90,
    documentBottomMarginMm: 5,
  });
  await db.insert(articlePriceCalculations).values({ articleId: article.id, salesTotalCents: 1999, salesPriceMode: "GROSS" });
  return article.id;
}

/** A new shirt offered in S, M and L, no variants. */
async function newShirt(sizes: string[] = ["S", "M", "L"]): Promise<number> {
  const db = await getDb();
  const seed = await seededMugArticle();
  const [article] = await db
    .insert(articles)
    .values({ type: "SHIRT", name: unique("Test shirt"), articleNumber: unique("T-SHIRT"), categoryId: seed.categoryId })
    .returning({ id: articles.id });
  if (!article) throw new Error("shirt inserted");
  await db.insert(shirtDetails).values({ articleId: article.id, material: "Cotton", availableSizes: sizes });
  return article.id;
}

async function variantRows(mugId: number) {
  return (await getDb()).select().from(mugVariants).where(eq(mugVariants.articleId, mugId)).orderBy(mugVariants.id);
}

async function variantRow(id: number) {
  const [row] = await (await getDb()).select().from(mugVariants).where(eq(mugVariants.id, id));
  return row;
}

async function imageRow(id: number) {
  const [row] = await (await getDb()).select().from(images).where(eq(images.id, id));
  return row;
}

const fileOf = (storageKey: string) => path.join(storageDir, storageKey);

// ── Calls ────────────────────────────────────────────────────────────────────────────────────────

const variantBody = (overrides: Record<string, unknown> = {}) => ({
  name: unique("Colour"),
  insideColorCode: "#ffffff",
  outsideColorCode: "#000000",
  ...overrides,
});

async function createMugVariant(mugId: number | string, body: unknown, opts: { cookie?: string; lang?: string } = {}) {
  return call<MugVariantAdminDto & ErrorBody>(mugVariantsRoute.POST, {
    method: "POST",
    path: `/api/admin/articles/mugs/${mugId}/variants`,
    params: { mugId: String(mugId) },
    body,
    cookie: opts.cookie ?? (await admin()),
    headers: opts.lang ? { "accept-language": opts.lang } : undefined,
  });
}

async function createdVariant(mugId: number, overrides: Record<string, unknown> = {}): Promise<MugVariantAdminDto> {
  const res = await createMugVariant(mugId, variantBody(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function updateMugVariant(id: number | string, body: unknown, cookie?: string) {
  return call<MugVariantAdminDto & ErrorBody>(mugVariantRoute.PUT, {
    method: "PUT",
    path: `/api/admin/articles/mugs/variants/${id}`,
    params: { variantId: String(id) },
    body,
    cookie: cookie ?? (await admin()),
  });
}

/** The PUT body that keeps a variant as it is, with the given changes. */
function bodyOf(v: MugVariantAdminDto, changes: Record<string, unknown> = {}) {
  const { name, nameDe, articleVariantNumber, insideColorCode, outsideColorCode, active, isDefault } = v;
  return { name, nameDe, articleVariantNumber, insideColorCode, outsideColorCode, active, isDefault, ...changes };
}

async function deleteMugVariant(id: number | string, cookie?: string) {
  return call<Deleted & ErrorBody>(mugVariantRoute.DELETE, {
    method: "DELETE",
    path: `/api/admin/articles/mugs/variants/${id}`,
    params: { variantId: String(id) },
    cookie: cookie ?? (await admin()),
  });
}

async function png(width = 200, height = 100): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();
}

async function uploadImage(id: number | string, body: FormData | string, cookie?: string) {
  return call<MugVariantAdminDto & ErrorBody>(mugVariantImageRoute.POST, {
    method: "POST",
    path: `/api/admin/articles/mugs/variants/${id}/image`,
    params: { variantId: String(id) },
    body,
    cookie: cookie ?? (await admin()),
  });
}

async function uploadedImage(id: number, fields: Record<string, string | number> = {}, bytes?: Buffer): Promise<MugVariantAdminDto> {
  const res = await uploadImage(id, photoForm(bytes ?? (await png()), fields, "photo.png", "image/png"));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function removeImage(id: number | string, cookie?: string) {
  return call<MugVariantAdminDto & ErrorBody>(mugVariantImageRoute.DELETE, {
    method: "DELETE",
    path: `/api/admin/articles/mugs/variants/${id}/image`,
    params: { variantId: String(id) },
    cookie: cookie ?? (await admin()),
  });
}

async function variantsCatalog(query = "", cookie?: string) {
  return call<VariantsCatalogDto & ErrorBody>(variantsCatalogRoute.GET, {
    path: `/api/admin/articles/mugs/variants-catalog${query}`,
    cookie: cookie ?? (await admin()),
  });
}

async function copyVariants(mugId: number | string, body: unknown, cookie?: string) {
  return call<CopyVariantsDto & ErrorBody>(copyVariantsRoute.POST, {
    method: "POST",
    path: `/api/admin/articles/mugs/${mugId}/copy-variants`,
    params: { mugId: String(mugId) },
    body,
    cookie: cookie ?? (await admin()),
  });
}

async function createShirtVariant(shirtId: number | string, body: unknown, cookie?: string) {
  return call<ShirtVariantAdminDto & ErrorBody>(shirtVariantsRoute.POST, {
    method: "POST",
    path: `/api/admin/articles/shirts/${shirtId}/variants`,
    params: { shirtId: String(shirtId) },
    body,
    cookie: cookie ?? (await admin()),
  });
}

async function updateShirtVariant(id: number | string, body: unknown, cookie?: string) {
  return call<ShirtVariantAdminDto & ErrorBody>(shirtVariantRoute.PUT, {
    method: "PUT",
    path: `/api/admin/articles/shirts/variants/${id}`,
    params: { variantId: String(id) },
    body,
    cookie: cookie ?? (await admin()),
  });
}

async function deleteShirtVariant(id: number | string, cookie?: string) {
  return call<Deleted & ErrorBody>(shirtVariantRoute.DELETE, {
    method: "DELETE",
    path: `/api/admin/articles/shirts/variants/${id}`,
    params: { variantId: String(id) },
    cookie: cookie ?? (await admin()),
  });
}

async function publicMugs(): Promise<MugDto[]> {
  const res = await call<MugDto[]>(publicMugsRoute.GET, { path: "/api/mugs" });
  expect(res.status).toBe(200);
  return res.body;
}

async function publicImage(id: number) {
  const res = await publicImageRoute.GET(new Request(`http://localhost/api/images/${id}`), {
    params: Promise.resolve({ imageId: String(id) }),
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

// ── Access matrix ────────────────────────────────────────────────────────────────────────────────

describe("access matrix for the variant routes", () => {
  type Row = { route: string; ok: number; run: (cookie: string | undefined) => Promise<number> };
  const rows: Row[] = [
    {
      route: "POST /api/admin/articles/mugs/{mugId}/variants",
      ok: 201,
      run: async (cookie) =>
        (await call(mugVariantsRoute.POST, { method: "POST", params: { mugId: String(await newMug()) }, body: variantBody(), cookie }))
          .status,
    },
    {
      route: "PUT /api/admin/articles/mugs/variants/{variantId}",
      ok: 200,
      run: async (cookie) => {
        const v = await createdVariant(await newMug());
        return (
          await call(mugVariantRoute.PUT, {
            method: "PUT",
            params: { variantId: String(v.id) },
            body: bodyOf(v, { name: "Renamed" }),
            cookie,
          })
        ).status;
      },
    },
    {
      route: "DELETE /api/admin/articles/mugs/variants/{variantId}",
      ok: 200,
      run: async (cookie) => {
        const v = await createdVariant(await newMug());
        return (await call(mugVariantRoute.DELETE, { method: "DELETE", params: { variantId: String(v.id) }, cookie })).status;
      },
    },
    {
      route: "POST /api/admin/articles/mugs/variants/{variantId}/image",
      ok: 200,
      run: async (cookie) => {
        const v = await createdVariant(await newMug());
        const form = photoForm(await png(), {}, "photo.png", "image/png");
        return (await call(mugVariantImageRoute.POST, { method: "POST", params: { variantId: String(v.id) }, body: form, cookie })).status;
      },
    },
    {
      route: "DELETE /api/admin/articles/mugs/variants/{variantId}/image",
      ok: 200,
      run: async (cookie) => {
        const v = await uploadedImage((await createdVariant(await newMug())).id);
        return (await call(mugVariantImageRoute.DELETE, { method: "DELETE", params: { variantId: String(v.id) }, cookie })).status;
      },
    },
    {
      route: "GET /api/admin/articles/mugs/variants-catalog",
      ok: 200,
      run: async (cookie) => (await call(variantsCatalogRoute.GET, { path: "/api/admin/articles/mugs/variants-catalog", cookie })).status,
    },
    {
      route: "POST /api/admin/articles/mugs/{mugId}/copy-variants",
      ok: 200,
      run: async (cookie) => {
        const source = await createdVariant(await newMug());
        const mugId = await newMug();
        return (
          await call(copyVariantsRoute.POST, {
            method: "POST",
            params: { mugId: String(mugId) },
            body: { variantIds: [source.id] },
            cookie,
          })
        ).status;
      },
    },
    {
      route: "POST /api/admin/articles/shirts/{shirtId}/variants",
      ok: 201,
      run: async (cookie) =>
        (
          await call(shirtVariantsRoute.POST, {
            method: "POST",
            params: { shirtId: String(await newShirt()) },
            body: { color: "Navy", size: "M" },
            cookie,
          })
        ).status,
    },
    {
      route: "PUT /api/admin/articles/shirts/variants/{variantId}",
      ok: 200,
      run: async (cookie) => {
        const v = (await createShirtVariant(await newShirt(), { color: "Navy", size: "M" })).body;
        return (
          await call(shirtVariantRoute.PUT, {
            method: "PUT",
            params: { variantId: String(v.id) },
            body: { color: "Navy", size: "L" },
            cookie,
          })
        ).status;
      },
    },
    {
      route: "DELETE /api/admin/articles/shirts/variants/{variantId}",
      ok: 200,
      run: async (cookie) => {
        const v = (await createShirtVariant(await newShirt(), { color: "Navy", size: "M" })).body;
        return (await call(shirtVariantRoute.DELETE, { method: "DELETE", params: { variantId: String(v.id) }, cookie })).status;
      },
    },
  ];
  const roles: Role[] = ["anonymous", "customer", "admin"];
  for (const row of rows) {
    for (const role of roles) {
      const expected = role === "anonymous" ? 401 : role === "customer" ? 403 : row.ok;
      it(`${row.route} – ${role} → ${expected}`, async () => {
        expect(await row.run(await cookieFor(role))).toBe(expected);
      });
    }
  }

  it("POST /api/admin/articles/mugs/{mugId}/variants – anonymous and customer answers carry the spec's messages and store nothing", async () => {
    const mugId = await newMug();
    const anonymous = await createMugVariant(mugId, variantBody(), { cookie: "" });
    expect(anonymous.body.message).toBe("Authentication required");
    const customer = await createMugVariant(mugId, variantBody(), { cookie: await loginAs("customer") });
    expect(customer.body.message).toBe("You do not have permission to do this");
    expect(await variantRows(mugId)).toHaveLength(0);
  });
});

// ── Mug variants ─────────────────────────────────────────────────────────────────────────────────

describe("POST /api/admin/articles/mugs/{mugId}/variants", () => {
  it("POST /api/admin/articles/mugs/{mugId}/variants – creates a variant (201), colours stored upper-case, the first becomes the default", async () => {
    const mugId = await newMug();
    const res = await createMugVariant(mugId, {
      name: "Forest",
      nameDe: "Wald",
      articleVariantNumber: "T-FOR",
      insideColorCode: "#1a2b3c",
      outsideColorCode: "#abcdef",
      isDefault: false,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      articleId: mugId,
      name: "Forest",
      nameDe: "Wald",
      articleVariantNumber: "T-FOR",
      insideColorCode: "#1A2B3C",
      outsideColorCode: "#ABCDEF",
      active: true,
      isDefault: true,
      exampleImageId: null,
      exampleImageUrl: null,
    });
    const [row] = await variantRows(mugId);
    expect(row).toMatchObject({ id: res.body.id, insideColorCode: "#1A2B3C", outsideColorCode: "#ABCDEF", isDefault: true });
  });

  it("POST /api/admin/articles/mugs/{mugId}/variants – a later variant is not default unless asked; isDefault moves the default", async () => {
    const mugId = await newMug();
    const first = await createdVariant(mugId);
    const second = await createdVariant(mugId);
    expect(second.isDefault).toBe(false);
    const third = await createdVariant(mugId, { isDefault: true });
    expect(third.isDefault).toBe(true);
    const rows = await variantRows(mugId);
    expect(rows.filter((r) => r.isDefault).map((r) => r.id)).toEqual([third.id]);
    expect(rows.map((r) => r.id)).toEqual([first.id, second.id, third.id]);
  });

  it("POST /api/admin/articles/mugs/{mugId}/variants – GET /api/mugs shows the new active variant (catalogue cache invalidated)", async () => {
    const mugId = await newMug();
    await publicMugs(); // fills the catalogue cache
    const v = await createdVariant(mugId, { name: "Shop visible", insideColorCode: "#c0ffee" });
    const mug = (await publicMugs()).find((m) => m.id === mugId);
    expect(mug?.variants.map((x) => ({ id: x.id, name: x.name, insideColorCode: x.insideColorCode, isDefault: x.isDefault }))).toEqual([
      { id: v.id, name: "Shop visible", insideColorCode: "#C0FFEE", isDefault: true },
    ]);
    const inactive = await createdVariant(mugId, { active: false });
    expect((await publicMugs()).find((m) => m.id === mugId)?.variants.map((x) => x.id)).not.toContain(inactive.id);
  });

  const bad: { title: string; body: Record<string, unknown>; field: string; message: string }[] = [
    {
      title: "name missing",
      body: { insideColorCode: "#FFFFFF", outsideColorCode: "#000000" },
      field: "name",
      message: "Name is required",
    },
    {
      title: "name blank",
      body: { name: "   ", insideColorCode: "#FFFFFF", outsideColorCode: "#000000" },
      field: "name",
      message: "Name is required",
    },
    {
      title: "name too long",
      body: { name: "x".repeat(256), insideColorCode: "#FFFFFF", outsideColorCode: "#000000" },
      field: "name",
      message: "Name must be at most 255 characters",
    },
    {
      title: "inside colour #12345",
      body: { name: "A", insideColorCode: "#12345", outsideColorCode: "#000000" },
      field: "insideColorCode",
      message: "Enter a colour as a hex code such as #1A2B3C",
    },
    {
      title: "inside colour 'red'",
      body: { name: "A", insideColorCode: "red", outsideColorCode: "#000000" },
      field: "insideColorCode",
      message: "Enter a colour as a hex code such as #1A2B3C",
    },
    {
      title: "outside colour #GGGGGG",
      body: { name: "A", insideColorCode: "#FFFFFF", outsideColorCode: "#GGGGGG" },
      field: "outsideColorCode",
      message: "Enter a colour as a hex code such as #1A2B3C",
    },
    {
      title: "inside colour missing",
      body: { name: "A", outsideColorCode: "#000000" },
      field: "insideColorCode",
      message: "Colour is required",
    },
    {
      title: "outside colour missing",
      body: { name: "A", insideColorCode: "#FFFFFF" },
      field: "outsideColorCode",
      message: "Colour is required",
    },
    {
      title: "active not a boolean",
      body: { name: "A", insideColorCode: "#FFFFFF", outsideColorCode: "#000000", active: "yes" },
      field: "active",
      message: "Invalid value",
    },
    {
      title: "the first variant (the default) inactive",
      body: { name: "A", insideColorCode: "#FFFFFF", outsideColorCode: "#000000", active: false },
      field: "active",
      message: "The default variant must be active",
    },
    {
      title: "isDefault but inactive",
      body: { name: "A", insideColorCode: "#FFFFFF", outsideColorCode: "#000000", active: false, isDefault: true },
      field: "active",
      message: "The default variant must be active",
    },
  ];
  for (const row of bad) {
    it(`POST /api/admin/articles/mugs/{mugId}/variants – ${row.title} → 422 "${row.message}" on ${row.field}, nothing stored`, async () => {
      const mugId = await newMug();
      const res = await createMugVariant(mugId, row.body);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Validation failed");
      expect(res.body.errors?.[row.field]).toBe(row.message);
      expect(await variantRows(mugId)).toHaveLength(0);
    });
  }

  it("POST /api/admin/articles/mugs/{mugId}/variants – a name the mug already has (ignoring case) → 409 with message and field error", async () => {
    const mugId = await newMug();
    await createdVariant(mugId, { name: "Ocean" });
    for (const name of ["Ocean", "ocean", "  OCEAN "]) {
      const res = await createMugVariant(mugId, variantBody({ name }));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        message: "A variant with this name already exists",
        errors: { name: "A variant with this name already exists" },
      });
    }
    expect(await variantRows(mugId)).toHaveLength(1);
  });

  it("POST /api/admin/articles/mugs/{mugId}/variants – the same name on another mug is fine", async () => {
    const seeded = await seededMugArticle();
    expect((await variantRows(seeded.id)).some((v) => v.name === "White")).toBe(true);
    await createdVariant(await newMug(), { name: "White" });
  });

  it("POST /api/admin/articles/mugs/{mugId}/variants – the 409 answers in German for a German caller", async () => {
    const mugId = await newMug();
    await createdVariant(mugId, { name: "Ocean" });
    const res = await createMugVariant(mugId, variantBody({ name: "Ocean" }), { lang: "de" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      message: "Eine Variante mit diesem Namen existiert bereits",
      errors: { name: "Eine Variante mit diesem Namen existiert bereits" },
    });
  });

  it("POST /api/admin/articles/mugs/{mugId}/variants – concurrent creates: one name wins (201, 409, never 500), exactly one default", async () => {
    const mugId = await newMug();
    const same = await Promise.all([1, 2, 3].map(() => createMugVariant(mugId, variantBody({ name: "Race" }))));
    expect(same.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const different = await Promise.all([1, 2, 3].map(() => createMugVariant(mugId, variantBody({ isDefault: true }))));
    expect(different.map((r) => r.status)).toEqual([201, 201, 201]);
    const rows = await variantRows(mugId);
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
  });

  it("POST /api/admin/articles/mugs/{mugId}/variants – unknown mug, a shirt's id or a malformed id → 404 Invalid mug ID / Not found", async () => {
    expect(await createMugVariant(999_999, variantBody())).toMatchObject({ status: 404, body: { message: "Invalid mug ID" } });
    const shirtId = await newShirt();
    expect(await createMugVariant(shirtId, variantBody())).toMatchObject({ status: 404, body: { message: "Invalid mug ID" } });
    expect((await variantRows(shirtId)).length).toBe(0);
    expect(await createMugVariant("abc", variantBody())).toMatchObject({ status: 404, body: { message: "Not found" } });
  });
});

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
