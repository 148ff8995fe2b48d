import "server-only";
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { aiModels, images, promptCategories, prompts, promptSlotVariants, promptSubcategories, slotTypes, slotVariants } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { composePromptText } from "@/lib/domain/prompt-text";
import { imageUrl } from "@/lib/schemas/catalog";
import { likePattern, pagedQuery } from "../list-query";
import type { ListPromptsQuery, PromptDto, PromptListItemDto, PromptPageDto } from "@/lib/schemas/prompts";

function listFilter(query: ListPromptsQuery): SQL | undefined {
  const pattern = query.q ? likePattern(query.q) : undefined;
  return and(
    query.categoryId ? eq(prompts.categoryId, query.categoryId) : undefined,
    query.subcategoryId ? eq(prompts.subcategoryId, query.subcategoryId) : undefined,
    query.archived === "all" ? undefined : eq(prompts.archived, query.archived === "true"),
    pattern ? or(ilike(prompts.title, pattern), ilike(prompts.titleDe, pattern), ilike(prompts.promptNumber, pattern)) : undefined,
  );
}

function listOrder(sort: ListPromptsQuery["sort"]): SQL[] {
  const descending = sort.startsWith("-");
  const dir = descending ? sql`desc` : sql`asc`;
  const key = {
    title: sql`lower(${prompts.title})`,
    promptNumber: sql`lower(${prompts.promptNumber})`,
    createdAt: sql`${prompts.createdAt}`,
    updatedAt: sql`${prompts.updatedAt}`,
  }[sort.replace("-", "") as "title" | "promptNumber" | "createdAt" | "updatedAt"];
  // Prompts without a number come last either way; the id keeps pages stable.
  return [sql`${key} ${dir} nulls last`, descending ? desc(prompts.id) : asc(prompts.id)];
}

const slotVariantCountSql = sql<number>`(select count(*) from ${promptSlotVariants} where ${promptSlotVariants.promptId} = ${prompts.id})::int`;

export async function listPrompts(query: ListPromptsQuery): Promise<PromptPageDto> {
  const db = await getDb();
  const where = listFilter(query);
  return pagedQuery(
    query,
    (limit, offset) =>
      db
        .select({
          id: prompts.id,
          title: prompts.title,
          titleDe: prompts.titleDe,
          promptNumber: prompts.promptNumber,
          active: prompts.active,
          archived: prompts.archived,
          updatedAt: prompts.updatedAt,
          category: { id: promptCategories.id, name: promptCategories.name },
          subcategory: { id: promptSubcategories.id, name: promptSubcategories.name },
          llm: { id: aiModels.id, displayName: aiModels.displayName },
          exampleImageId: images.id,
          slotVariantCount: slotVariantCountSql.mapWith(Number),
        })
        .from(prompts)
        .innerJoin(promptCategories, eq(promptCategories.id, prompts.categoryId))
        .leftJoin(promptSubcategories, eq(promptSubcategories.id, prompts.subcategoryId))
        .innerJoin(aiModels, eq(aiModels.id, prompts.llmId))
        .leftJoin(images, and(eq(images.id, prompts.exampleImageId), eq(images.type, "CATALOGUE")))
        .where(where)
        .orderBy(...listOrder(query.sort))
        .limit(limit)
        .offset(offset),
    db.select({ total: count() }).from(prompts).where(where),
    (r): PromptListItemDto => ({
      id: r.id,
      title: r.title,
      titleDe: r.titleDe,
      promptNumber: r.promptNumber,
      category: r.category,
      subcategory: r.subcategory,
      llm: r.llm,
      active: r.active,
      archived: r.archived,
      exampleImageUrl: imageUrl(r.exampleImageId),
      slotVariantCount: r.slotVariantCount,
      updatedAt: r.updatedAt.toISOString(),
    }),
  );
}

async function selectedSlots(db: Db, promptId: number) {
  return db
    .select({
      slotId: slotVariants.id,
      name: slotVariants.name,
      prompt: slotVariants.prompt,
      slotTypeId: slotTypes.id,
      slotTypeName: slotTypes.name,
      slotTypePosition: slotTypes.position,
    })
    .from(promptSlotVariants)
    .innerJoin(slotVariants, eq(slotVariants.id, promptSlotVariants.slotVariantId))
    .innerJoin(slotTypes, eq(slotTypes.id, slotVariants.slotTypeId))
    .where(eq(promptSlotVariants.promptId, promptId))
    .orderBy(asc(slotTypes.position), asc(slotVariants.id));
}

/** Shown exactly as a provider receives it, without the tester's master/specific prompt. */
export async function getPromptOrThrow(id: number): Promise<PromptDto> {
  const db = await getDb();
  const [[row], slots] = await Promise.all([
    db
      .select({
        prompt: prompts,
        category: { id: promptCategories.id, name: promptCategories.name },
        subcategory: { id: promptSubcategories.id, name: promptSubcategories.name },
        llm: { id: aiModels.id, provider: aiModels.provider, modelId: aiModels.modelId, displayName: aiModels.displayName },
        catalogueImageId: images.id,
      })
      .from(prompts)
      .innerJoin(promptCategories, eq(promptCategories.id, prompts.categoryId))
      .leftJoin(promptSubcategories, eq(promptSubcategories.id, prompts.subcategoryId))
      .innerJoin(aiModels, eq(aiModels.id, prompts.llmId))
      .leftJoin(images, and(eq(images.id, prompts.exampleImageId), eq(images.type, "CATALOGUE")))
      .where(eq(prompts.id, id)),
    selectedSlots(db, id),
  ]);
  if (!row) throw new ApiError(404, "errors.promptNotFound");
  const p = row.prompt;
  return {
    id: p.id,
    title: p.title,
    titleDe: p.titleDe,
    description: p.description,
    descriptionDe: p.descriptionDe,
    promptNumber: p.promptNumber,
    category: row.category,
    subcategory: row.subcategory,
    styleText: p.styleText,
    llm: row.llm,
    active: p.active,
    archived: p.archived,
    exampleImageId: p.exampleImageId,
    exampleImageUrl: imageUrl(row.catalogueImageId),
    slotVariants: slots.map(({ prompt: _prompt, ...s }) => s),
    slotIds: slots.map((s) => s.slotId),
    composedPrompt: composePromptText({
      styleText: p.styleText,
      slots: slots.map((s) => ({ position: s.slotTypePosition, text: s.prompt })),
    }),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export type PromptTitleHit = { id: number; title: string; promptNumber: string | null };

export async function searchPromptTitles(title: string): Promise<PromptTitleHit[]> {
  const db = await getDb();
  const pattern = title ? likePattern(title) : undefined;
  return db
    .select({ id: prompts.id, title: prompts.title, promptNumber: prompts.promptNumber })
    .from(prompts)
    .where(pattern ? or(ilike(prompts.title, pattern), ilike(prompts.titleDe, pattern)) : undefined)
    .orderBy(sql`lower(${prompts.title})`, asc(prompts.id))
    .limit(50);
}

export async function slotVariantsWithType(tx: Tx, ids: number[]): Promise<{ id: number; slotTypeId: number }[]> {
  if (ids.length === 0) return [];
  return tx
    .select({ id: slotVariants.id, slotTypeId: slotVariants.slotTypeId })
    .from(slotVariants)
    .where(inArray(slotVariants.id, ids))
    .for("share");
}
