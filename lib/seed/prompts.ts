import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import {
  aiModels,
  articleCategories,
  articleSubcategories,
  promptCategories,
  prompts,
  promptSlotVariants,
  promptSubcategories,
  slotTypes,
  slotVariants,
} from "@/db/schema";
import { AI_MODELS, PROMPT_CATEGORIES, PROMPTS, SLOT_TYPES, type CategorySeed } from "@/db/seed-data";
import { type CategoryTables, type CategoryTree, ensureKeyed, need } from "./keyed";

export function promptCategoryTables(tx: Tx): CategoryTables {
  const [c, s] = [promptCategories, promptSubcategories];
  return {
    loadCategories: () => tx.select({ id: c.id, key: c.name }).from(c).orderBy(asc(c.id)),
    insertCategories: (rows) => tx.insert(c).values(rows),
    loadSubcategories: () => tx.select({ id: s.id, categoryId: s.categoryId, name: s.name }).from(s).orderBy(asc(s.id)),
    insertSubcategories: (rows) => tx.insert(s).values(rows),
  };
}

export async function seedAiModels(tx: Tx): Promise<Map<string, number>> {
  await tx
    .insert(aiModels)
    .values(AI_MODELS.map((m) => ({ ...m, capabilities: [...m.capabilities], active: true })))
    .onConflictDoNothing({ target: [aiModels.provider, aiModels.modelId] });
  const rows = await tx.select({ id: aiModels.id, provider: aiModels.provider, modelId: aiModels.modelId }).from(aiModels);
  return new Map(rows.map((r) => [`${r.provider}:${r.modelId}`, r.id]));
}

/** Each German text is filled in only while empty, so an admin's own text stays. */
export async function seedCategoryTexts(
  tx: Tx,
  tree: CategoryTree,
  seeds: readonly CategorySeed[],
  tables: {
    categories: typeof promptCategories | typeof articleCategories;
    subcategories: typeof promptSubcategories | typeof articleSubcategories;
  },
): Promise<void> {
  const fill = async (
    table: typeof promptCategories | typeof promptSubcategories | typeof articleCategories | typeof articleSubcategories,
    id: number,
    seed: { description: string; nameDe?: string; descriptionDe?: string },
  ) => {
    if (seed.nameDe)
      await tx
        .update(table)
        .set({ nameDe: seed.nameDe })
        .where(and(eq(table.id, id), isNull(table.nameDe)));
    if (seed.descriptionDe)
      await tx
        .update(table)
        .set({ descriptionDe: seed.descriptionDe })
        .where(and(eq(table.id, id), isNull(table.descriptionDe), eq(table.description, seed.description)));
  };
  for (const c of seeds) {
    await fill(tables.categories, need(tree.categories, c.name), c);
    for (const sub of c.subcategories) await fill(tables.subcategories, need(tree.subcategories, `${c.name}/${sub.name}`), sub);
  }
}

export async function seedPrompts(tx: Tx, tree: CategoryTree, llmId: number): Promise<Map<string, number>> {
  await seedCategoryTexts(tx, tree, PROMPT_CATEGORIES, { categories: promptCategories, subcategories: promptSubcategories });
  await tx
    .insert(prompts)
    .values(
      PROMPTS.map((p) => ({
        title: p.title,
        titleDe: p.titleDe,
        description: p.description,
        descriptionDe: p.descriptionDe,
        promptNumber: p.promptNumber,
        categoryId: need(tree.categories, p.category),
        subcategoryId: p.subcategory ? need(tree.subcategories, `${p.category}/${p.subcategory}`) : null,
        styleText: p.styleText,
        llmId,
        active: true,
        archived: p.archived ?? false,
      })),
    )
    .onConflictDoNothing({ target: prompts.promptNumber });
  // A prompt an admin has retitled or described stays as it is.
  for (const p of PROMPTS) {
    await tx
      .update(prompts)
      .set({ titleDe: p.titleDe, description: p.description, descriptionDe: p.descriptionDe })
      .where(
        and(
          eq(prompts.promptNumber, p.promptNumber),
          eq(prompts.title, p.title),
          isNull(prompts.titleDe),
          isNull(prompts.description),
          isNull(prompts.descriptionDe),
        ),
      );
  }
  const numbers = PROMPTS.map((p) => p.promptNumber);
  const rows = await tx
    .select({ id: prompts.id, promptNumber: prompts.promptNumber })
    .from(prompts)
    .where(inArray(prompts.promptNumber, numbers));
  return new Map(rows.flatMap((r) => (r.promptNumber ? [[r.promptNumber, r.id] as const] : [])));
}

export async function seedSlots(tx: Tx, llmId: number): Promise<Map<string, number>> {
  const existing = await tx.select({ id: slotTypes.id, name: slotTypes.name, position: slotTypes.position }).from(slotTypes);
  const usedPositions = new Set(existing.map((t) => t.position));
  const types = await ensureKeyed(
    SLOT_TYPES.map((t) => t.name),
    () => tx.select({ id: slotTypes.id, key: slotTypes.name }).from(slotTypes).orderBy(asc(slotTypes.id)),
    (missing) =>
      tx.insert(slotTypes).values(
        SLOT_TYPES.filter((t) => missing.has(t.name)).map((t) => {
          // Positions are unique: an admin may have reordered, so fall back to the end of the list.
          const position = usedPositions.has(t.position) ? Math.max(0, ...usedPositions) + 1 : t.position;
          usedPositions.add(position);
          return { name: t.name, nameDe: t.nameDe, position };
        }),
      ),
  );
  for (const t of SLOT_TYPES)
    await tx
      .update(slotTypes)
      .set({ nameDe: t.nameDe })
      .where(and(eq(slotTypes.id, need(types, t.name)), isNull(slotTypes.nameDe)));
  const wanted = SLOT_TYPES.flatMap((t) => t.variants.map((v) => ({ ...v, slotTypeId: need(types, t.name), path: `${t.name}/${v.name}` })));
  const keyOf = (slotTypeId: number, name: string) => `${slotTypeId}/${name}`;
  const byTypeId = await ensureKeyed(
    wanted.map((w) => keyOf(w.slotTypeId, w.name)),
    async () =>
      (
        await tx
          .select({ id: slotVariants.id, slotTypeId: slotVariants.slotTypeId, name: slotVariants.name })
          .from(slotVariants)
          .orderBy(asc(slotVariants.id))
      ).map((r) => ({ id: r.id, key: keyOf(r.slotTypeId, r.name) })),
    (missing) =>
      tx
        .insert(slotVariants)
        .values(
          wanted
            .filter((w) => missing.has(keyOf(w.slotTypeId, w.name)))
            .map(({ slotTypeId, name, prompt, description }) => ({ slotTypeId, name, prompt, description, llmId })),
        ),
  );
  return new Map(wanted.map((w) => [w.path, need(byTypeId, keyOf(w.slotTypeId, w.name))]));
}

export async function linkPromptSlots(tx: Tx, promptIds: Map<string, number>, slotVariantIds: Map<string, number>): Promise<void> {
  const links = PROMPTS.flatMap((p) =>
    (p.slots ?? []).map((slot) => ({ promptId: need(promptIds, p.promptNumber), slotVariantId: need(slotVariantIds, slot) })),
  );
  if (links.length > 0) await tx.insert(promptSlotVariants).values(links).onConflictDoNothing();
}
