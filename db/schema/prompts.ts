import { index, integer, pgTable, primaryKey, serial, text, boolean, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "./_shared";
import { images } from "./media";

export const AI_PROVIDERS = ["openai", "google", "flux", "offline"] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

export const aiModels = pgTable(
  "ai_models",
  {
    id: serial().primaryKey(),
    provider: text({ enum: AI_PROVIDERS }).notNull(),
    modelId: text().notNull(),
    displayName: text().notNull(),
    capabilities: text().array().notNull(),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex("ai_models_provider_model_unique").on(t.provider, t.modelId)],
);

export const promptCategories = pgTable("prompt_categories", {
  id: serial().primaryKey(),
  name: text().notNull(),
  description: text(),
  nameDe: text(),
  descriptionDe: text(),
  ...timestamps,
});

export const promptSubcategories = pgTable(
  "prompt_subcategories",
  {
    id: serial().primaryKey(),
    categoryId: integer()
      .notNull()
      .references(() => promptCategories.id, { onDelete: "restrict" }),
    name: text().notNull(),
    description: text(),
    nameDe: text(),
    descriptionDe: text(),
    ...timestamps,
  },
  (t) => [index("prompt_subcategories_category_idx").on(t.categoryId)],
);

export const prompts = pgTable(
  "prompts",
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    titleDe: text(),
    description: text(),
    descriptionDe: text(),
    promptNumber: text(),
    categoryId: integer()
      .notNull()
      .references(() => promptCategories.id, { onDelete: "restrict" }),
    subcategoryId: integer().references(() => promptSubcategories.id, { onDelete: "restrict" }),
    styleText: text().notNull().default(""),
    llmId: integer()
      .notNull()
      .references(() => aiModels.id, { onDelete: "restrict" }),
    active: boolean().notNull().default(true),
    archived: boolean().notNull().default(false),
    exampleImageId: integer().references(() => images.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("prompts_visible_idx").on(t.active, t.archived), uniqueIndex("prompts_number_unique").on(t.promptNumber)],
);

export const slotTypes = pgTable(
  "slot_types",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    nameDe: text(),
    position: integer().notNull(),
    ...timestamps,
  },
  // Positions are unique, hence the spec's two-pass reorder through an offset.
  (t) => [uniqueIndex("slot_types_position_unique").on(t.position)],
);

export const slotVariants = pgTable(
  "slot_variants",
  {
    id: serial().primaryKey(),
    slotTypeId: integer()
      .notNull()
      .references(() => slotTypes.id, { onDelete: "restrict" }),
    name: text().notNull(),
    llmId: integer()
      .notNull()
      .references(() => aiModels.id, { onDelete: "restrict" }),
    prompt: text().notNull(),
    description: text(),
    exampleImageId: integer().references(() => images.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("slot_variants_type_idx").on(t.slotTypeId)],
);

export const promptSlotVariants = pgTable(
  "prompt_slot_variants",
  {
    promptId: integer()
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    slotVariantId: integer()
      .notNull()
      .references(() => slotVariants.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.promptId, t.slotVariantId] })],
);

export type AiModel = typeof aiModels.$inferSelect;
export type Prompt = typeof prompts.$inferSelect;
export type SlotType = typeof slotTypes.$inferSelect;
export type SlotVariant = typeof slotVariants.$inferSelect;
