import { composePromptText } from "@/lib/domain/prompt-text";
import { checkPhoto, MAX_PHOTO_MB } from "@/lib/domain/photo-limits";
import type { PromptBodyInput, PromptDto } from "@/lib/schemas/prompts";

export interface PromptFormOptions {
  categories: { id: number; name: string; subcategories: { id: number; name: string }[] }[];
  llms: { id: number; displayName: string; provider: string; active: boolean; offline: boolean }[];
  slotTypes: { id: number; name: string; position: number }[];
  slotVariants: { id: number; name: string; slotTypeId: number; prompt: string; description: string | null }[];
  /** Suggested for a new prompt: the next in the newest prompt's scheme. */
  nextPromptNumber: string;
}

export interface PromptFormValues {
  title: string;
  titleDe: string;
  description: string;
  descriptionDe: string;
  promptNumber: string;
  categoryId: string;
  subcategoryId: string;
  llmId: string;
  active: boolean;
  archived: boolean;
  styleText: string;
  /** The stored example image (a newly chosen file is kept beside the values until it is uploaded). */
  exampleImage: { id: number; url: string } | null;
  /** The chosen slot variant id per slot type id ("" = none). */
  slots: Record<string, string>;
}

export function initialValues(options: PromptFormOptions, prompt?: PromptDto): PromptFormValues {
  const slots: Record<string, string> = Object.fromEntries(options.slotTypes.map((t) => [String(t.id), ""]));
  if (!prompt) {
    const llm = options.llms.find((m) => m.active) ?? options.llms[0];
    return {
      title: "",
      titleDe: "",
      description: "",
      descriptionDe: "",
      promptNumber: options.nextPromptNumber,
      categoryId: options.categories.length === 1 ? String(options.categories[0]?.id) : "",
      subcategoryId: "",
      llmId: llm ? String(llm.id) : "",
      active: true,
      archived: false,
      styleText: "",
      exampleImage: null,
      slots,
    };
  }
  for (const ref of prompt.slotVariants) slots[String(ref.slotTypeId)] = String(ref.slotId);
  return {
    title: prompt.title,
    titleDe: prompt.titleDe ?? "",
    description: prompt.description ?? "",
    descriptionDe: prompt.descriptionDe ?? "",
    promptNumber: prompt.promptNumber ?? "",
    categoryId: String(prompt.category.id),
    subcategoryId: prompt.subcategory ? String(prompt.subcategory.id) : "",
    llmId: String(prompt.llm.id),
    active: prompt.active,
    archived: prompt.archived,
    styleText: prompt.styleText,
    exampleImage:
      prompt.exampleImageId !== null && prompt.exampleImageUrl ? { id: prompt.exampleImageId, url: prompt.exampleImageUrl } : null,
    slots,
  };
}

const idOrUndefined = (text: string) => (text.trim() === "" ? undefined : Number(text));

export function selectedSlotIds(values: PromptFormValues, options: PromptFormOptions): number[] {
  return [...options.slotTypes]
    .sort((a, b) => a.position - b.position)
    .map((t) => values.slots[String(t.id)] ?? "")
    .filter((v) => v !== "")
    .map(Number);
}

export function toBody(values: PromptFormValues, options: PromptFormOptions, exampleImageId?: number): PromptBodyInput {
  return {
    title: values.title,
    titleDe: values.titleDe,
    description: values.description,
    descriptionDe: values.descriptionDe,
    promptNumber: values.promptNumber,
    categoryId: idOrUndefined(values.categoryId) as number,
    subcategoryId: idOrUndefined(values.subcategoryId) ?? null,
    styleText: values.styleText,
    llmId: idOrUndefined(values.llmId) as number,
    active: values.active,
    archived: values.archived,
    exampleImageId: (exampleImageId ?? values.exampleImage?.id) as number,
    slotVariantIds: selectedSlotIds(values, options),
  };
}

export function composedPreview(values: Pick<PromptFormValues, "styleText" | "slots">, options: PromptFormOptions): string {
  const position = new Map(options.slotTypes.map((t) => [t.id, t.position]));
  const slots = Object.values(values.slots)
    .filter((v) => v !== "")
    .flatMap((id) => {
      const variant = options.slotVariants.find((v) => String(v.id) === id);
      const pos = variant ? position.get(variant.slotTypeId) : undefined;
      return variant && pos !== undefined ? [{ position: pos, text: variant.prompt }] : [];
    });
  return composePromptText({ styleText: values.styleText, slots });
}

export function withCategory(values: PromptFormValues, categoryId: string, options: PromptFormOptions): PromptFormValues {
  const category = options.categories.find((c) => String(c.id) === categoryId);
  const keep = !!category?.subcategories.some((s) => String(s.id) === values.subcategoryId);
  return { ...values, categoryId, subcategoryId: keep ? values.subcategoryId : "" };
}

/** The form value an error path (body path, e.g. "slotVariantIds.0") belongs to. */
function valueAt(values: PromptFormValues, path: string): unknown {
  const head = path.split(".")[0] ?? "";
  if (head === "exampleImageId") return values.exampleImage;
  if (head === "slotVariantIds") return values.slots;
  return values[head as keyof PromptFormValues];
}

export function currentErrors(
  errors: Record<string, string>,
  checked: PromptFormValues | null,
  values: PromptFormValues,
  imageChosen: boolean,
): Record<string, string> {
  if (!checked) return errors;
  return Object.fromEntries(
    Object.entries(errors).filter(([path]) => {
      if (path.startsWith("exampleImageId") && imageChosen) return false;
      return JSON.stringify(valueAt(values, path)) === JSON.stringify(valueAt(checked, path));
    }),
  );
}

export function formatCost(costCents: number, locale: string): string {
  return new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-IE", {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(costCents / 100);
}

export function formatDuration(ms: number, locale: string): string {
  return `${new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000)} s`;
}

/** The tester takes what a customer's editor takes. */
export const TEST_PHOTO_MAX_MB = MAX_PHOTO_MB;
export const checkTestPhoto = checkPhoto;

export const MAX_TEST_MODELS = 4;

/** Toggles a model in the test selection, never beyond four. */
export function toggleModel(selected: readonly number[], id: number): number[] {
  if (selected.includes(id)) return selected.filter((m) => m !== id);
  return selected.length >= MAX_TEST_MODELS ? [...selected] : [...selected, id];
}
