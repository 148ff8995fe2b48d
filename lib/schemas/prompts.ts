import { z } from "zod";
import { entityId, idName, listSearch, optionalEntityId, optionalText, pageQuery, pageResponse, queryId, requiredText } from "./common";

export const PROMPT_SORTS = [
  "title",
  "-title",
  "promptNumber",
  "-promptNumber",
  "createdAt",
  "-createdAt",
  "updatedAt",
  "-updatedAt",
] as const;

export const promptBody = z.object({
  title: requiredText(255, "validation.titleRequired", "validation.titleTooLong"),
  titleDe: optionalText(255, "validation.titleTooLong"),
  description: optionalText(2000),
  descriptionDe: optionalText(2000),
  promptNumber: optionalText(50),
  categoryId: entityId("validation.categoryRequired"),
  subcategoryId: optionalEntityId(),
  styleText: z.string({ error: "validation.invalidType" }).trim().max(8000, { error: "validation.tooLong" }).default(""),
  llmId: entityId("validation.llmRequired"),
  active: z.boolean({ error: "validation.invalidType" }).default(true),
  archived: z.boolean({ error: "validation.invalidType" }).default(false),
  exampleImageId: entityId("validation.exampleImageRequired"),
  slotVariantIds: z.array(entityId(), { error: "validation.invalidValue" }).max(100).default([]),
});

export const promptSlotIdsBody = z.object({
  slotIds: z.array(entityId(), { error: "validation.invalidValue" }).min(1, { error: "validation.selectSlotVariants" }).max(100),
});

export const promptSlotVariantsBody = z.object({
  slotVariants: z.array(z.object({ slotId: entityId() }), { error: "validation.invalidValue" }).max(100),
});

export const listPromptsQuery = z.object({
  categoryId: queryId,
  subcategoryId: queryId,
  archived: z.enum(["true", "false", "all"]).default("false"),
  q: listSearch,
  sort: z.enum(PROMPT_SORTS).default("title"),
  ...pageQuery(),
});

export const titleSearchQuery = z.object({ title: z.string().trim().max(255).optional().default("") });

export const promptSlotVariantRef = z.object({
  slotId: z.number().int(),
  name: z.string(),
  slotTypeId: z.number().int(),
  slotTypeName: z.string(),
  slotTypePosition: z.number().int(),
});

export const promptResponse = z.object({
  id: z.number().int(),
  title: z.string(),
  titleDe: z.string().nullable(),
  description: z.string().nullable(),
  descriptionDe: z.string().nullable(),
  promptNumber: z.string().nullable(),
  category: idName,
  subcategory: idName.nullable(),
  styleText: z.string(),
  llm: z.object({ id: z.number().int(), provider: z.string(), modelId: z.string(), displayName: z.string() }),
  active: z.boolean(),
  archived: z.boolean(),
  exampleImageId: z.number().int().nullable(),
  exampleImageUrl: z.string().nullable(),
  slotVariants: z.array(promptSlotVariantRef),
  slotIds: z.array(z.number().int()),
  composedPrompt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const promptListItemResponse = z.object({
  id: z.number().int(),
  title: z.string(),
  titleDe: z.string().nullable(),
  promptNumber: z.string().nullable(),
  category: idName,
  subcategory: idName.nullable(),
  llm: z.object({ id: z.number().int(), displayName: z.string() }),
  active: z.boolean(),
  archived: z.boolean(),
  exampleImageUrl: z.string().nullable(),
  slotVariantCount: z.number().int(),
  updatedAt: z.string(),
});

export const promptPageResponse = pageResponse(promptListItemResponse);

/** A prompt orders or generations refer to is archived instead. */
export const deletePromptResponse = z.object({ deleted: z.boolean(), archived: z.boolean() });

const slotPosition = z
  .number({ error: "validation.invalidValue" })
  .int({ error: "validation.invalidValue" })
  .min(0, { error: "validation.invalidValue" })
  .max(1_000_000, { error: "validation.invalidValue" });

export const slotTypeBody = z.object({
  name: requiredText(255, "validation.nameRequired", "validation.nameTooLong"),
  nameDe: optionalText(255, "validation.nameTooLong"),
  position: slotPosition.optional(),
});
export const slotTypeUpdateBody = z.object({
  name: requiredText(255, "validation.nameRequired", "validation.nameTooLong").optional(),
  nameDe: optionalText(255, "validation.nameTooLong").optional(),
  position: slotPosition.optional(),
});

export const slotTypeResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  nameDe: z.string().nullable(),
  position: z.number().int(),
  variantCount: z.number().int(),
});

export const slotVariantBody = z.object({
  name: requiredText(255, "validation.nameRequired", "validation.nameTooLong"),
  slotTypeId: entityId("validation.slotTypeRequired"),
  llmId: entityId("validation.llmRequired"),
  prompt: requiredText(8000, "validation.slotPromptRequired"),
  description: optionalText(2000),
  exampleImageId: optionalEntityId(),
});

export const slotVariantResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  slotType: z.object({ id: z.number().int(), name: z.string(), position: z.number().int() }),
  llm: z.object({ id: z.number().int(), displayName: z.string() }),
  prompt: z.string(),
  description: z.string().nullable(),
  exampleImageId: z.number().int().nullable(),
  exampleImageUrl: z.string().nullable(),
  promptCount: z.number().int(),
  createdAt: z.string(),
});

export const listSlotVariantsQuery = z.object({
  typeId: queryId,
  q: listSearch,
});

export type PromptBody = z.infer<typeof promptBody>;
export type PromptBodyInput = z.input<typeof promptBody>;
export type ListPromptsQuery = z.infer<typeof listPromptsQuery>;
export type PromptDto = z.infer<typeof promptResponse>;
export type PromptListItemDto = z.infer<typeof promptListItemResponse>;
export type PromptPageDto = z.infer<typeof promptPageResponse>;
export type SlotTypeBody = z.infer<typeof slotTypeBody>;
export type SlotTypeUpdateBody = z.infer<typeof slotTypeUpdateBody>;
export type SlotTypeDto = z.infer<typeof slotTypeResponse>;
export type SlotVariantBody = z.infer<typeof slotVariantBody>;
export type SlotVariantBodyInput = z.input<typeof slotVariantBody>;
export type SlotVariantDto = z.infer<typeof slotVariantResponse>;
export type ListSlotVariantsQuery = z.infer<typeof listSlotVariantsQuery>;
