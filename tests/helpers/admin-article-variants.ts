import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { beforeAll, expect } from "vitest";
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
import { articlePriceCalculations, articles, images, mugDetails, mugVariants, shirtDetails } from "@/db/schema";
import { resetStorage } from "@/lib/integrations/storage";
import type { CopyVariantsDto, MugVariantAdminDto, ShirtVariantAdminDto, VariantsCatalogDto } from "@/lib/schemas/articles";
import type { MugDto } from "@/lib/schemas/catalog";
import { call, loginAs } from "./api";
import { photoForm } from "./images";
import { tempDir } from "./test-db";

export type ErrorBody = { message: string; errors?: Record<string, string> };
export type Deleted = { deleted: boolean; deactivated: boolean };

export const MB = 1024 * 1024;
export let storageDir: string;

// This file's own storage folder, so file checks are not disturbed by test files running in parallel.
export function setupVariantStorage(): void {
  beforeAll(() => {
    storageDir = tempDir("shop-test-article-variants-");
    process.env.STORAGE_DIR = storageDir;
    resetStorage();
  });
}

export const admin = () => loginAs("admin");

export let serial = 0;
export const unique = (prefix: string) => `${prefix}-${++serial}-${randomUUID().slice(0, 8)}`;

export async function seededMugArticle() {
  const [row] = await (await getDb()).select().from(articles).where(eq(articles.articleNumber, "MUG-001"));
  if (!row) throw new Error("seeded mug MUG-001");
  return row;
}

export async function newMug(name = unique("Test mug")): Promise<number> {
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

export async function newShirt(sizes: string[] = ["S", "M", "L"]): Promise<number> {
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

export async function variantRows(mugId: number) {
  return (await getDb()).select().from(mugVariants).where(eq(mugVariants.articleId, mugId)).orderBy(mugVariants.id);
}

export async function variantRow(id: number) {
  const [row] = await (await getDb()).select().from(mugVariants).where(eq(mugVariants.id, id));
  return row;
}

export async function imageRow(id: number) {
  const [row] = await (await getDb()).select().from(images).where(eq(images.id, id));
  return row;
}

export const fileOf = (storageKey: string) => path.join(storageDir, storageKey);

export const variantBody = (overrides: Record<string, unknown> = {}) => ({
  name: unique("Colour"),
  insideColorCode: "#ffffff",
  outsideColorCode: "#000000",
  ...overrides,
});

export async function createMugVariant(mugId: number | string, body: unknown, opts: { cookie?: string; lang?: string } = {}) {
  return call<MugVariantAdminDto & ErrorBody>(mugVariantsRoute.POST, {
    method: "POST",
    path: `/api/admin/articles/mugs/${mugId}/variants`,
    params: { mugId: String(mugId) },
    body,
    cookie: opts.cookie ?? (await admin()),
    headers: opts.lang ? { "accept-language": opts.lang } : undefined,
  });
}

export async function createdVariant(mugId: number, overrides: Record<string, unknown> = {}): Promise<MugVariantAdminDto> {
  const res = await createMugVariant(mugId, variantBody(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export async function updateMugVariant(id: number | string, body: unknown, cookie?: string) {
  return call<MugVariantAdminDto & ErrorBody>(mugVariantRoute.PUT, {
    method: "PUT",
    path: `/api/admin/articles/mugs/variants/${id}`,
    params: { variantId: String(id) },
    body,
    cookie: cookie ?? (await admin()),
  });
}

export function bodyOf(v: MugVariantAdminDto, changes: Record<string, unknown> = {}) {
  const { name, nameDe, articleVariantNumber, insideColorCode, outsideColorCode, active, isDefault } = v;
  return { name, nameDe, articleVariantNumber, insideColorCode, outsideColorCode, active, isDefault, ...changes };
}

export async function deleteMugVariant(id: number | string, cookie?: string) {
  return call<Deleted & ErrorBody>(mugVariantRoute.DELETE, {
    method: "DELETE",
    path: `/api/admin/articles/mugs/variants/${id}`,
    params: { variantId: String(id) },
    cookie: cookie ?? (await admin()),
  });
}

export async function png(width = 200, height = 100): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();
}

export async function uploadImage(id: number | string, body: FormData | string, cookie?: string) {
  return call<MugVariantAdminDto & ErrorBody>(mugVariantImageRoute.POST, {
    method: "POST",
    path: `/api/admin/articles/mugs/variants/${id}/image`,
    params: { variantId: String(id) },
    body,
    cookie: cookie ?? (await admin()),
  });
}

export async function uploadedImage(id: number, fields: Record<string, string | number> = {}, bytes?: Buffer): Promise<MugVariantAdminDto> {
  const res = await uploadImage(id, photoForm(bytes ?? (await png()), fields, "photo.png", "image/png"));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function removeImage(id: number | string, cookie?: string) {
  return call<MugVariantAdminDto & ErrorBody>(mugVariantImageRoute.DELETE, {
    method: "DELETE",
    path: `/api/admin/articles/mugs/variants/${id}/image`,
    params: { variantId: String(id) },
    cookie: cookie ?? (await admin()),
  });
}

export async function variantsCatalog(query = "", cookie?: string) {
  return call<VariantsCatalogDto & ErrorBody>(variantsCatalogRoute.GET, {
    path: `/api/admin/articles/mugs/variants-catalog${query}`,
    cookie: cookie ?? (await admin()),
  });
}

export async function copyVariants(mugId: number | string, body: unknown, cookie?: string) {
  return call<CopyVariantsDto & ErrorBody>(copyVariantsRoute.POST, {
    method: "POST",
    path: `/api/admin/articles/mugs/${mugId}/copy-variants`,
    params: { mugId: String(mugId) },
    body,
    cookie: cookie ?? (await admin()),
  });
}

export async function createShirtVariant(shirtId: number | string, body: unknown, cookie?: string) {
  return call<ShirtVariantAdminDto & ErrorBody>(shirtVariantsRoute.POST, {
    method: "POST",
    path: `/api/admin/articles/shirts/${shirtId}/variants`,
    params: { shirtId: String(shirtId) },
    body,
    cookie: cookie ?? (await admin()),
  });
}

export async function updateShirtVariant(id: number | string, body: unknown, cookie?: string) {
  return call<ShirtVariantAdminDto & ErrorBody>(shirtVariantRoute.PUT, {
    method: "PUT",
    path: `/api/admin/articles/shirts/variants/${id}`,
    params: { variantId: String(id) },
    body,
    cookie: cookie ?? (await admin()),
  });
}

export async function deleteShirtVariant(id: number | string, cookie?: string) {
  return call<Deleted & ErrorBody>(shirtVariantRoute.DELETE, {
    method: "DELETE",
    path: `/api/admin/articles/shirts/variants/${id}`,
    params: { variantId: String(id) },
    cookie: cookie ?? (await admin()),
  });
}

export async function publicMugs(): Promise<MugDto[]> {
  const res = await call<MugDto[]>(publicMugsRoute.GET, { path: "/api/mugs" });
  expect(res.status).toBe(200);
  return res.body;
}

export async function publicImage(id: number) {
  const res = await publicImageRoute.GET(new Request(`http://localhost/api/images/${id}`), {
    params: Promise.resolve({ imageId: String(id) }),
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}
