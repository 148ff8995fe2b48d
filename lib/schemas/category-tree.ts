import { z } from "zod";
import { optionalText, requiredName } from "./common";

/**
 * A category tree (categories with one level of subcategories) as both the article and the prompt
 * catalogue keep it (spec sections 3, 5 and 7): the request bodies and queries are the same for
 * both; the answers differ only in the name of the count of the things filed under them
 * (`articleCount`, `promptCount`), made by `categoryTreeResponses`. Browser-safe.
 */

/** Spec section 9: a category or subcategory name holds at most 255 characters (the form shows n/255). */
export const CATEGORY_NAME_MAX = 255;
export const CATEGORY_DESCRIPTION_MAX = 1000;

const name = requiredName(CATEGORY_NAME_MAX);
const description = optionalText(CATEGORY_DESCRIPTION_MAX, "validation.descriptionTooLong");

/** POST and PUT …/categories(/{categoryId}) body (PUT replaces name and description). */
export const categoryBody = z.object({ name, description });

/**
 * The optional German name and description of a tree with German texts (the prompt categories: the
 * German shop shows them; empty → null, which falls back to the English). Trees without German
 * columns (the article categories) use the plain bodies; PUT replaces these too (missing → null).
 */
export const germanTexts = {
  nameDe: optionalText(CATEGORY_NAME_MAX, "validation.nameTooLong"),
  descriptionDe: optionalText(CATEGORY_DESCRIPTION_MAX, "validation.descriptionTooLong"),
};
export const categoryBodyDe = categoryBody.extend(germanTexts);

/** POST and PUT …/subcategories(/{subcategoryId}) body; PUT may move it to another category. */
export const subcategoryBody = z.object({
  categoryId: z
    .number({ error: "validation.categoryRequired" })
    .int({ error: "validation.categoryRequired" })
    .positive({ error: "validation.categoryRequired" })
    .max(2_147_483_647, { error: "validation.categoryRequired" }),
  name,
  description,
});
export const subcategoryBodyDe = subcategoryBody.extend(germanTexts);

/** GET …/search?name= — case-insensitive substring; an empty or missing name matches everything. */
export const nameSearchQuery = z.object({
  name: z
    .string()
    .trim()
    .max(CATEGORY_NAME_MAX, { error: "validation.nameTooLong" })
    .optional()
    .transform((v) => v || undefined),
});

/** The answer field counting what is filed under a category or subcategory. */
export type CountKey = "articleCount" | "promptCount";

const subcategoryBase = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Only in a tree with German texts (prompt categories). */
  nameDe: z.string().nullable().optional(),
  descriptionDe: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The subcategory and category answers of one tree, with the count named `countKey`. */
export function categoryTreeResponses<K extends CountKey>(countKey: K) {
  const counted = { [countKey]: z.number().int() } as Record<K, z.ZodNumber>;
  const subcategoryResponse = z.object({ ...subcategoryBase.shape, ...counted });
  const categoryResponse = z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    /** Only in a tree with German texts (prompt categories). */
    nameDe: z.string().nullable().optional(),
    descriptionDe: z.string().nullable().optional(),
    ...counted,
    subcategoryCount: z.number().int(),
    /** Sorted by name. */
    subcategories: z.array(subcategoryResponse),
    createdAt: z.string(),
    updatedAt: z.string(),
  });
  return {
    subcategoryResponse: subcategoryResponse as z.ZodType<TreeSubcategoryDto<K>>,
    categoryResponse: categoryResponse as z.ZodType<TreeCategoryDto<K>>,
  };
}

/** The bodies as the service takes them: the German texts are there only in a tree with German texts. */
export type CategoryBody = z.infer<typeof categoryBody> & Partial<z.infer<typeof categoryBodyDe>>;
export type CategoryBodyInput = z.input<typeof categoryBodyDe>;
export type SubcategoryBody = z.infer<typeof subcategoryBody> & Partial<z.infer<typeof subcategoryBodyDe>>;
export type SubcategoryBodyInput = z.input<typeof subcategoryBodyDe>;
/** German name and description of a row, in a tree with German texts; absent in one without. */
type GermanTextsDto = { nameDe?: string | null; descriptionDe?: string | null };
/** A subcategory answer of the tree counting `K` (what `subcategoryResponse` parses to). */
export type TreeSubcategoryDto<K extends CountKey> = {
  id: number;
  categoryId: number;
  categoryName: string;
  name: string;
  description: string | null;
  createdAt: string;
  updatedAt: string;
} & GermanTextsDto &
  Record<K, number>;
/** A category answer (with its subcategories, sorted by name) of the tree counting `K` (what `categoryResponse` parses to). */
export type TreeCategoryDto<K extends CountKey> = {
  id: number;
  name: string;
  description: string | null;
  subcategoryCount: number;
  subcategories: TreeSubcategoryDto<K>[];
  createdAt: string;
  updatedAt: string;
} & GermanTextsDto &
  Record<K, number>;
