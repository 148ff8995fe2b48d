import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { beforeAll, expect } from "vitest";
import { and, eq } from "drizzle-orm";
import * as collection from "@/app/api/admin/prompts/route";
import * as item from "@/app/api/admin/prompts/[promptId]/route";
import * as slotsRoute from "@/app/api/admin/prompts/[promptId]/slots/route";
import * as searchRoute from "@/app/api/admin/prompts/search/route";
import * as publicPromptsRoute from "@/app/api/prompts/route";
import * as publicGenerate from "@/app/api/public/images/generate/route";
import { getDb } from "@/db/client";
import { aiModels, articles, images, promptCategories, prompts, promptSubcategories, slotTypes, slotVariants } from "@/db/schema";
import { OFFLINE_MODEL } from "@/db/seed-data";
import { resetStorage } from "@/lib/integrations/storage";
import type { PublicPromptDto } from "@/lib/schemas/catalog";
import type { PromptDto, PromptPageDto } from "@/lib/schemas/prompts";
import { storeImage } from "@/lib/services/images";
import { call, loginAs } from "./api";
import { userIdOf } from "./orders";
import { makeJpeg, photoForm } from "./images";
import { TEST_USERS, tempDir } from "./test-db";

export type ErrorBody = { message: string; errors?: Record<string, string> };
export type Body = Record<string, unknown>;
export type Hit = { id: number; title: string; promptNumber: string | null };

export function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`missing: ${what}`);
  return value;
}

export const ref = {
  artStyles: 0,
  fun: 0,
  painting: 0,
  drawing: 0,
  retro: 0,
  offline: 0,
  openai: 0,
  mugId: 0,
  customerId: 0,
};
export const slot = new Map<string, number>();
export const slotId = (key: string) => must(slot.get(key), `slot variant ${key}`);

export function setupPromptFixtures(): void {
  beforeAll(async () => {
    // This file's own storage folder, so file checks are not disturbed by test files running in parallel.
    process.env.STORAGE_DIR = tempDir("shop-test-prompts-");
    resetStorage();
    const db = await getDb();
    const category = async (name: string) =>
      must((await db.select({ id: promptCategories.id }).from(promptCategories).where(eq(promptCategories.name, name)))[0], name).id;
    const subcategory = async (name: string) =>
      must((await db.select({ id: promptSubcategories.id }).from(promptSubcategories).where(eq(promptSubcategories.name, name)))[0], name)
        .id;
    ref.artStyles = await category("Art styles");
    ref.fun = await category("Fun");
    ref.painting = await subcategory("Painting");
    ref.drawing = await subcategory("Drawing");
    ref.retro = await subcategory("Retro");
    const models = await db.select().from(aiModels);
    ref.offline = must(
      models.find((m) => m.provider === OFFLINE_MODEL.provider),
      "offline model",
    ).id;
    ref.openai = must(
      models.find((m) => m.provider === "openai"),
      "openai model",
    ).id;
    const [mug] = await db
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.type, "MUG"), eq(articles.active, true)))
      .limit(1);
    ref.mugId = must(mug, "active mug").id;
    ref.customerId = await userIdOf(TEST_USERS.customer.email);
    const rows = await db
      .select({ id: slotVariants.id, name: slotVariants.name, type: slotTypes.name })
      .from(slotVariants)
      .innerJoin(slotTypes, eq(slotTypes.id, slotVariants.slotTypeId));
    for (const r of rows) slot.set(`${r.type}/${r.name}`, r.id);
  });
}

export let serial = 0;
export const unique = (prefix: string) => `${prefix}-${++serial}-${randomUUID().slice(0, 6)}`;

export async function catalogueImage(color = "#c63"): Promise<number> {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();
  return (await storeImage({ bytes, use: "catalogue", format: "webp", type: "CATALOGUE", ownerId: null })).id;
}

export async function customerImage(promptId: number | null = null): Promise<number> {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#36c" } })
    .png()
    .toBuffer();
  return (await storeImage({ bytes, use: "generated", format: "png", type: "GENERATED", ownerId: ref.customerId, promptId })).id;
}

export async function promptBody(overrides: Body = {}): Promise<Body> {
  return {
    title: unique("Test style"),
    titleDe: "Teststil",
    description: "A style made by the prompts API test",
    descriptionDe: "Ein Stil aus dem Prompt-API-Test",
    promptNumber: unique("T-P"),
    categoryId: ref.artStyles,
    subcategoryId: ref.painting,
    styleText: "Paint the photo in thick impasto strokes",
    llmId: ref.offline,
    active: true,
    archived: false,
    exampleImageId: await catalogueImage(),
    slotVariantIds: [slotId("Mood/Dreamy"), slotId("Background/Beach at sunset")],
    ...overrides,
  };
}

export const params = (id: number | string) => ({ promptId: String(id) });

export async function create(body: Body, cookie?: string) {
  return call<PromptDto & ErrorBody>(collection.POST, {
    method: "POST",
    path: "/api/admin/prompts",
    body,
    cookie: cookie ?? (await loginAs("admin")),
  });
}

export async function created(overrides: Body = {}): Promise<PromptDto> {
  const res = await create(await promptBody(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export async function get(id: number) {
  return call<PromptDto & ErrorBody>(item.GET, { params: params(id), cookie: await loginAs("admin") });
}

export async function put(id: number, body: Body) {
  return call<PromptDto & ErrorBody>(item.PUT, { method: "PUT", params: params(id), body, cookie: await loginAs("admin") });
}

export async function del(id: number) {
  return call<{ deleted: boolean; archived: boolean } & ErrorBody>(item.DELETE, {
    method: "DELETE",
    params: params(id),
    cookie: await loginAs("admin"),
  });
}

export async function list(query: string) {
  const res = await call<PromptPageDto & ErrorBody>(collection.GET, {
    path: `/api/admin/prompts?${query}`,
    cookie: await loginAs("admin"),
  });
  return res;
}

export async function addSlots(id: number, body: unknown) {
  return call<PromptDto & ErrorBody>(slotsRoute.POST, { method: "POST", params: params(id), body, cookie: await loginAs("admin") });
}

export async function replaceSlots(id: number, body: unknown) {
  return call<PromptDto & ErrorBody>(slotsRoute.PUT, { method: "PUT", params: params(id), body, cookie: await loginAs("admin") });
}

export async function search(title: string) {
  return call<Hit[] & ErrorBody>(searchRoute.GET, {
    path: `/api/admin/prompts/search?title=${encodeURIComponent(title)}`,
    cookie: await loginAs("admin"),
  });
}

export async function publicPrompts(language = "en") {
  const res = await call<PublicPromptDto[]>(publicPromptsRoute.GET, { path: "/api/prompts", headers: { "accept-language": language } });
  expect(res.status).toBe(200);
  return res.body;
}

export function bodyOf(p: PromptDto, overrides: Body = {}): Body {
  return {
    title: p.title,
    titleDe: p.titleDe,
    description: p.description,
    descriptionDe: p.descriptionDe,
    promptNumber: p.promptNumber,
    categoryId: p.category.id,
    subcategoryId: p.subcategory?.id ?? null,
    styleText: p.styleText,
    llmId: p.llm.id,
    active: p.active,
    archived: p.archived,
    exampleImageId: p.exampleImageId,
    slotVariantIds: p.slotIds,
    ...overrides,
  };
}

export async function promptCount(): Promise<number> {
  return (await getDb()).$count(prompts);
}

export async function imageRow(id: number) {
  const [row] = await (await getDb()).select().from(images).where(eq(images.id, id));
  return row;
}

export const photo = makeJpeg(900, 600);
export let ip = 10;
/** POST /api/public/images/generate as an anonymous visitor (own IP each, so the guest limit never trips). */
export async function generate(promptId: number) {
  const form = photoForm(await photo, { promptId, mugId: ref.mugId, x: 0, y: 0, width: 600, height: 600 });
  return call<ErrorBody>(publicGenerate.POST, {
    method: "POST",
    path: "/api/public/images/generate",
    body: form,
    headers: { "x-forwarded-for": `198.51.100.${++ip}` },
  });
}
