import { expect } from "vitest";
import { eq } from "drizzle-orm";
import * as countriesRoute from "@/app/api/countries/route";
import * as mugsRoute from "@/app/api/mugs/route";
import * as promptsRoute from "@/app/api/prompts/route";
import * as imageRoute from "@/app/api/images/[imageId]/route";
import { getDb } from "@/db/client";
import { articles } from "@/db/schema";
import { MUG_ARTICLE } from "@/db/seed-data";
import type { CountryDto, MugDto, PublicPromptDto } from "@/lib/schemas/catalog";
import { call } from "./api";

export const CATALOG_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
export const IMAGE_URL = /^\/api\/images\/(\d+)$/;

export async function countries(headers: Record<string, string> = {}, cookie?: string) {
  return call<CountryDto[]>(countriesRoute.GET, { path: "/api/countries", headers, cookie });
}

export async function getMugs(headers: Record<string, string> = {}, cookie?: string) {
  const res = await call<MugDto[]>(mugsRoute.GET, { path: "/api/mugs", headers, cookie });
  expect(res.status).toBe(200);
  return res.body;
}

export async function getPrompts(headers: Record<string, string> = {}) {
  const res = await call<PublicPromptDto[]>(promptsRoute.GET, { path: "/api/prompts", headers });
  expect(res.status).toBe(200);
  return res.body;
}

export function sampleMug(list: MugDto[]): MugDto {
  const mug = list.find((m) => m.articleNumber === MUG_ARTICLE.articleNumber);
  if (!mug) throw new Error("the sample mug is listed");
  return mug;
}

export async function getImage(imageId: string, headers: Record<string, string> = {}) {
  const req = new Request(`http://localhost/api/images/${imageId}`, { headers });
  const res = await imageRoute.GET(req, { params: Promise.resolve({ imageId }) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

export function imageIdOf(url: string | null): number {
  const match = IMAGE_URL.exec(url ?? "");
  if (!match?.[1]) throw new Error(`not an image URL: ${url}`);
  return Number(match[1]);
}

export async function articleIdOf(articleNumber: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.articleNumber, articleNumber));
  if (!row) throw new Error(`article ${articleNumber} missing`);
  return row.id;
}

export const isSorted = (names: string[], locale: string) => {
  const sorted = [...names].sort(new Intl.Collator(locale, { sensitivity: "base" }).compare);
  return names.every((n, i) => n === sorted[i]);
};
