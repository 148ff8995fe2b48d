/**
 * Idempotent demo data: countries, VAT rates, a catalogue (mug + T-shirt), AI models, prompts with
 * slots, example images and an admin account. Every row is found by its natural key first, so running
 * the seed again inserts nothing and never overwrites what an admin changed. Plain Node (tsx): no
 * "server-only", no lib/services, no lib/env.
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "./client";
import {
  aiModels,
  articleCategories,
  articlePriceCalculations,
  articles,
  articleSubcategories,
  countries,
  images,
  mugDetails,
  mugVariants,
  promptCategories,
  prompts,
  promptSlotVariants,
  promptSubcategories,
  shirtDetails,
  shirtVariants,
  slotTypes,
  slotVariants,
  suppliers,
  users,
  vatRates,
} from "./schema";
import { hashPassword } from "@/lib/auth/password";
import { getStorage, newStorageKey } from "@/lib/integrations/storage";
import {
  AI_MODELS,
  ARTICLE_CATEGORIES,
  COUNTRIES,
  type CategorySeed,
  DEFAULT_ADMIN,
  MUG_ARTICLE,
  OFFLINE_MODEL,
  type PriceSeed,
  PROMPT_CATEGORIES,
  PROMPTS,
  SHIRT_ARTICLE,
  SLOT_TYPES,
  STANDARD_VAT,
  SUPPLIER,
  VAT_RATES,
} from "./seed-data";
import { type RenderedImage, renderMugVariantExample, renderPromptExample } from "./seed-images";

/** Serialises concurrent seeds (two app instances on one Postgres); released at commit. */
const SEED_LOCK = sql`select pg_advisory_xact_lock(727001)`;

export async function seed(db: Db): Promise<void> {
  const writtenKeys: string[] = [];
  try {
    await db.transaction(async (tx) => {
      await tx.execute(SEED_LOCK);
      await tx.insert(countries).values([...COUNTRIES]).onConflictDoNothing();
      const vat = await seedVatRates(tx);
      const supplierId = await seedSupplier(tx);
      const articleTree = await seedCategoryTree(ARTICLE_CATEGORIES, articleCategoryTables(tx));
      const mugId = await seedMug(tx, articleTree, supplierId, vat);
      await seedShirt(tx, articleTree, supplierId, vat);
      const models = await seedAiModels(tx);
      const promptTree = await seedCategoryTree(PROMPT_CATEGORIES, promptCategoryTables(tx));
      const offlineModelId = need(models, `${OFFLINE_MODEL.provider}:${OFFLINE_MODEL.modelId}`);
      const promptIds = await seedPrompts(tx, promptTree, offlineModelId);
      const slotVariantIds = await seedSlots(tx, offlineModelId);
      await linkPromptSlots(tx, promptIds, slotVariantIds);
      await seedAdmin(tx);
      await seedExampleImages(tx, mugId, (key) => writtenKeys.push(key));
    });
  } catch (err) {
    // The rows pointing at these files were rolled back: remove the files too.
    await Promise.allSettled(writtenKeys.map((key) => getStorage().delete(key)));
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers

type Keyed = { key: string; id: number };

/** Loads key → id, inserts the keys that are missing, and returns key → id for all of them. */
async function ensureKeyed(
  keys: readonly string[],
  load: () => Promise<Keyed[]>,
  insertMissing: (missing: ReadonlySet<string>) => Promise<unknown>,
): Promise<Map<string, number>> {
  const toMap = (rows: Keyed[]) => {
    const map = new Map<string, number>();
    for (const row of rows) if (!map.has(row.key)) map.set(row.key, row.id);
    return map;
  };
  const existing = toMap(await load());
  const missing = new Set(keys.filter((key) => !existing.has(key)));
  if (missing.size === 0) return existing;
  await insertMissing(missing);
  return toMap(await load());
}

function need(map: ReadonlyMap<string, number>, key: string): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`Seed: no row for "${key}"`);
  return id;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

// ---------------------------------------------------------------------------------------------
// Reference data

interface VatIds {
  standardId: number;
  standardPercent: number;
}

async function seedVatRates(tx: Tx): Promise<VatIds> {
  const [current] = await tx.select({ id: vatRates.id }).from(vatRates).where(eq(vatRates.isDefault, true)).limit(1);
  let defaultTaken = current !== undefined;
  const ids = await ensureKeyed(
    VAT_RATES.map((v) => v.name),
    () => tx.select({ id: vatRates.id, key: vatRates.name }).from(vatRates).orderBy(asc(vatRates.id)),
    (missing) =>
      tx.insert(vatRates).values(
        VAT_RATES.filter((v) => missing.has(v.name)).map((v) => {
          // A single default is allowed (partial unique index): only claim it when nobody has it.
          const isDefault = v.isDefault && !defaultTaken;
          defaultTaken ||= isDefault;
          return { name: v.name, percent: v.percent, description: v.description, isDefault };
        }),
      ),
  );
  const standardId = need(ids, STANDARD_VAT);
  const [standard] = await tx.select({ percent: vatRates.percent }).from(vatRates).where(eq(vatRates.id, standardId));
  return { standardId, standardPercent: standard?.percent ?? 19 };
}

async function seedSupplier(tx: Tx): Promise<number> {
  const ids = await ensureKeyed(
    [SUPPLIER.companyName],
    () => tx.select({ id: suppliers.id, key: suppliers.companyName }).from(suppliers).orderBy(asc(suppliers.id)),
    () => tx.insert(suppliers).values(SUPPLIER),
  );
  return need(ids, SUPPLIER.companyName);
}

/** Category and subcategory ids, subcategories keyed "category/subcategory". */
interface CategoryTree {
  categories: Map<string, number>;
  subcategories: Map<string, number>;
}

interface CategoryTables {
  loadCategories(): Promise<Keyed[]>;
  insertCategories(rows: { name: string; description: string }[]): Promise<unknown>;
  loadSubcategories(): Promise<{ id: number; categoryId: number; name: string }[]>;
  insertSubcategories(rows: { categoryId: number; name: string; description: string }[]): Promise<unknown>;
}

function articleCategoryTables(tx: Tx): CategoryTables {
  const [c, s] = [articleCategories, articleSubcategories];
  return {
    loadCategories: () => tx.select({ id: c.id, key: c.name }).from(c).orderBy(asc(c.id)),
    insertCategories: (rows) => tx.insert(c).values(rows),
    loadSubcategories: () => tx.select({ id: s.id, categoryId: s.categoryId, name: s.name }).from(s).orderBy(asc(s.id)),
    insertSubcategories: (rows) => tx.insert(s).values(rows),
  };
}

function promptCategoryTables(tx: Tx): CategoryTables {
  const [c, s] = [promptCategories, promptSubcategories];
  return {
    loadCategories: () => tx.select({ id: c.id, key: c.name }).from(c).orderBy(asc(c.id)),
    insertCategories: (rows) => tx.insert(c).values(rows),
    loadSubcategories: () => tx.select({ id: s.id, categoryId: s.categoryId, name: s.name }).from(s).orderBy(asc(s.id)),
    insertSubcategories: (rows) => tx.insert(s).values(rows),
  };
}

async function seedCategoryTree(seeds: readonly CategorySeed[], tables: CategoryTables): Promise<CategoryTree> {
  const categories = await ensureKeyed(
    seeds.map((c) => c.name),
    () => tables.loadCategories(),
    (missing) =>
      tables.insertCategories(seeds.filter((c) => missing.has(c.name)).map(({ name, description }) => ({ name, description }))),
  );
  const wanted = seeds.flatMap((c) =>
    c.subcategories.map((sub) => ({ categoryId: need(categories, c.name), path: `${c.name}/${sub.name}`, ...sub })),
  );
  const byCategoryId = await ensureKeyed(
    wanted.map((w) => `${w.categoryId}/${w.name}`),
    async () => (await tables.loadSubcategories()).map((row) => ({ id: row.id, key: `${row.categoryId}/${row.name}` })),
    (missing) =>
      tables.insertSubcategories(
        wanted
          .filter((w) => missing.has(`${w.categoryId}/${w.name}`))
          .map(({ categoryId, name, description }) => ({ categoryId, name, description })),
      ),
  );
  const subcategories = new Map(wanted.map((w) => [w.path, need(byCategoryId, `${w.categoryId}/${w.name}`)]));
  return { categories, subcategories };
}

// ---------------------------------------------------------------------------------------------
// Articles

interface ArticleSeed {
  articleNumber: string;
  name: string;
  shortDescription: string;
  longDescription: string;
  category: string;
  subcategory: string;
  supplierArticleName: string;
  supplierArticleNumber: string;
}

async function ensureArticle(
  tx: Tx,
  type: "MUG" | "SHIRT",
  a: ArticleSeed,
  tree: CategoryTree,
  supplierId: number,
): Promise<number> {
  const { articleNumber, name, shortDescription, longDescription, supplierArticleName, supplierArticleNumber } = a;
  await tx
    .insert(articles)
    .values({
      type,
      name,
      shortDescription,
      longDescription,
      articleNumber,
      active: true,
      categoryId: need(tree.categories, a.category),
      subcategoryId: need(tree.subcategories, `${a.category}/${a.subcategory}`),
      supplierId,
      supplierArticleName,
      supplierArticleNumber,
    })
    .onConflictDoNothing({ target: articles.articleNumber });
  const [row] = await tx.select({ id: articles.id }).from(articles).where(eq(articles.articleNumber, articleNumber));
  if (!row) throw new Error(`Seed: article ${articleNumber} missing`);
  return row.id;
}

/** Purchase net plus costs; sales total gross; margin = net sales price − purchase total (percent of purchase total). */
async function ensurePriceCalculation(tx: Tx, articleId: number, price: PriceSeed, vat: VatIds): Promise<void> {
  const purchaseTotalCents = price.purchasePriceCents + price.purchaseCostCents;
  const salesNetCents = Math.round(price.salesTotalGrossCents / (1 + vat.standardPercent / 100));
  const salesMarginCents = salesNetCents - purchaseTotalCents;
  await tx
    .insert(articlePriceCalculations)
    .values({
      articleId,
      purchasePriceCents: price.purchasePriceCents,
      purchaseCostCents: price.purchaseCostCents,
      purchaseCostPercent: round3((price.purchaseCostCents / price.purchasePriceCents) * 100),
      purchaseTotalCents,
      purchasePriceMode: "NET",
      purchaseVatRateId: vat.standardId,
      purchasePriceUnit: "UNIT",
      purchaseUnitsPerPackage: 1,
      salesMarginCents,
      salesMarginPercent: round3((salesMarginCents / purchaseTotalCents) * 100),
      salesTotalCents: price.salesTotalGrossCents,
      salesPriceMode: "GROSS",
      salesVatRateId: vat.standardId,
    })
    .onConflictDoNothing();
}

async function seedMug(tx: Tx, tree: CategoryTree, supplierId: number, vat: VatIds): Promise<number> {
  const articleId = await ensureArticle(tx, "MUG", MUG_ARTICLE, tree, supplierId);
  await tx.insert(mugDetails).values({ articleId, ...MUG_ARTICLE.details }).onConflictDoNothing();
  await ensurePriceCalculation(tx, articleId, MUG_ARTICLE.price, vat);
  const [currentDefault] = await tx
    .select({ id: mugVariants.id })
    .from(mugVariants)
    .where(and(eq(mugVariants.articleId, articleId), eq(mugVariants.isDefault, true)))
    .limit(1);
  await tx
    .insert(mugVariants)
    .values(
      MUG_ARTICLE.variants.map((v) => ({
        articleId,
        name: v.name,
        articleVariantNumber: v.number,
        insideColorCode: v.inside,
        outsideColorCode: v.outside,
        active: true,
        isDefault: v.isDefault && currentDefault === undefined,
      })),
    )
    .onConflictDoNothing({ target: [mugVariants.articleId, mugVariants.name] });
  return articleId;
}

async function seedShirt(tx: Tx, tree: CategoryTree, supplierId: number, vat: VatIds): Promise<void> {
  const articleId = await ensureArticle(tx, "SHIRT", SHIRT_ARTICLE, tree, supplierId);
  const { material, careInstructions, fitType, availableSizes } = SHIRT_ARTICLE.details;
  await tx
    .insert(shirtDetails)
    .values({ articleId, material, careInstructions, fitType, availableSizes: [...availableSizes] })
    .onConflictDoNothing();
  await ensurePriceCalculation(tx, articleId, SHIRT_ARTICLE.price, vat);
  await tx
    .insert(shirtVariants)
    .values(SHIRT_ARTICLE.colors.flatMap((color) => availableSizes.map((size) => ({ articleId, color, size }))))
    .onConflictDoNothing({ target: [shirtVariants.articleId, shirtVariants.color, shirtVariants.size] });
}

// ---------------------------------------------------------------------------------------------
// AI models, prompts and slots

/** Keyed "provider:modelId". */
async function seedAiModels(tx: Tx): Promise<Map<string, number>> {
  await tx
    .insert(aiModels)
    .values(AI_MODELS.map((m) => ({ ...m, capabilities: [...m.capabilities], active: true })))
    .onConflictDoNothing({ target: [aiModels.provider, aiModels.modelId] });
  const rows = await tx.select({ id: aiModels.id, provider: aiModels.provider, modelId: aiModels.modelId }).from(aiModels);
  return new Map(rows.map((r) => [`${r.provider}:${r.modelId}`, r.id]));
}

/** Keyed by prompt number. */
async function seedPrompts(tx: Tx, tree: CategoryTree, llmId: number): Promise<Map<string, number>> {
  await tx
    .insert(prompts)
    .values(
      PROMPTS.map((p) => ({
        title: p.title,
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
  const numbers = PROMPTS.map((p) => p.promptNumber);
  const rows = await tx
    .select({ id: prompts.id, promptNumber: prompts.promptNumber })
    .from(prompts)
    .where(inArray(prompts.promptNumber, numbers));
  return new Map(rows.flatMap((r) => (r.promptNumber ? [[r.promptNumber, r.id] as const] : [])));
}

/** Slot variant ids keyed "slot type/variant". */
async function seedSlots(tx: Tx, llmId: number): Promise<Map<string, number>> {
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
          return { name: t.name, position };
        }),
      ),
  );
  const wanted = SLOT_TYPES.flatMap((t) =>
    t.variants.map((v) => ({ ...v, slotTypeId: need(types, t.name), path: `${t.name}/${v.name}` })),
  );
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
      tx.insert(slotVariants).values(
        wanted
          .filter((w) => missing.has(keyOf(w.slotTypeId, w.name)))
          .map(({ slotTypeId, name, prompt, description }) => ({ slotTypeId, name, prompt, description, llmId })),
      ),
  );
  return new Map(wanted.map((w) => [w.path, need(byTypeId, keyOf(w.slotTypeId, w.name))]));
}

async function linkPromptSlots(tx: Tx, promptIds: Map<string, number>, slotVariantIds: Map<string, number>): Promise<void> {
  const links = PROMPTS.flatMap((p) =>
    (p.slots ?? []).map((slot) => ({ promptId: need(promptIds, p.promptNumber), slotVariantId: need(slotVariantIds, slot) })),
  );
  if (links.length > 0) await tx.insert(promptSlotVariants).values(links).onConflictDoNothing();
}

// ---------------------------------------------------------------------------------------------
// Admin account

async function seedAdmin(tx: Tx): Promise<void> {
  const email = (process.env.ADMIN_EMAIL || DEFAULT_ADMIN.email).trim().toLowerCase();
  const password = process.env.ADMIN_PASSWORD || DEFAULT_ADMIN.password;
  const [account] = await tx
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.passwordHash)))
    .limit(1);
  if (account) {
    if (!account.roles.includes("admin")) {
      // A role change invalidates existing sessions, like every other role change.
      await tx
        .update(users)
        .set({ roles: [...account.roles, "admin"], sessionVersion: sql`${users.sessionVersion} + 1` })
        .where(eq(users.id, account.id));
    }
    return;
  }
  if (!email.includes("@")) throw new Error("ADMIN_EMAIL must be an email address");
  if (password.length < 8) throw new Error("ADMIN_PASSWORD must have at least 8 characters");
  await tx.insert(users).values({
    email,
    passwordHash: await hashPassword(password),
    roles: ["admin"],
    firstName: DEFAULT_ADMIN.firstName,
    lastName: DEFAULT_ADMIN.lastName,
  });
}

// ---------------------------------------------------------------------------------------------
// Example images: only for seeded prompts and mug variants that have none yet

interface ImageJob {
  render: () => Promise<RenderedImage>;
  attach: (imageId: number) => Promise<unknown>;
}

async function seedExampleImages(tx: Tx, mugArticleId: number, onWritten: (key: string) => void): Promise<void> {
  const promptRows = await tx
    .select({ id: prompts.id, promptNumber: prompts.promptNumber })
    .from(prompts)
    .where(and(inArray(prompts.promptNumber, PROMPTS.map((p) => p.promptNumber)), isNull(prompts.exampleImageId)));
  const variantRows = await tx
    .select({ id: mugVariants.id, name: mugVariants.name })
    .from(mugVariants)
    .where(
      and(
        eq(mugVariants.articleId, mugArticleId),
        inArray(mugVariants.name, MUG_ARTICLE.variants.map((v) => v.name)),
        isNull(mugVariants.exampleImageId),
      ),
    );

  const jobs: ImageJob[] = [];
  for (const row of promptRows) {
    const art = PROMPTS.find((p) => p.promptNumber === row.promptNumber)?.art;
    if (!art) continue;
    jobs.push({
      render: () => renderPromptExample(art),
      attach: (imageId) => tx.update(prompts).set({ exampleImageId: imageId }).where(eq(prompts.id, row.id)),
    });
  }
  for (const row of variantRows) {
    const variant = MUG_ARTICLE.variants.find((v) => v.name === row.name);
    if (!variant) continue;
    jobs.push({
      render: () => renderMugVariantExample(variant.inside, variant.outside, variant.name),
      attach: (imageId) => tx.update(mugVariants).set({ exampleImageId: imageId }).where(eq(mugVariants.id, row.id)),
    });
  }
  if (jobs.length === 0) return;

  const storage = getStorage();
  const rendered = await Promise.all(jobs.map(async (job) => ({ job, image: await job.render() })));
  const stored = rendered.map((r) => ({ ...r, storageKey: newStorageKey("catalogue", "webp") }));
  stored.forEach((s) => onWritten(s.storageKey));
  // allSettled: every write has finished before a failure propagates and the cleanup runs.
  const writes = await Promise.allSettled(stored.map((s) => storage.put(s.storageKey, s.image.buffer, s.image.mimeType)));
  const failed = writes.find((w) => w.status === "rejected");
  if (failed) throw failed.reason;
  const inserted = await tx
    .insert(images)
    .values(
      stored.map(({ image, storageKey }) => ({
        type: "CATALOGUE" as const,
        ownerId: null,
        storageKey,
        mimeType: image.mimeType,
        width: image.width,
        height: image.height,
        sizeBytes: image.buffer.length,
      })),
    )
    .returning({ id: images.id, storageKey: images.storageKey });
  const idByKey = new Map(inserted.map((row) => [row.storageKey, row.id]));
  for (const { job, storageKey } of stored) await job.attach(need(idByKey, storageKey));
}
