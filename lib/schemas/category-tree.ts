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

export type CategoryBody = z.infer<typeof categoryBody>;
export type CategoryBodyInput = z.input<typeof categoryBody>;
export type SubcategoryBody = z.infer<typeof subcategoryBody>;
export type SubcategoryBodyInput = z.input<typeof subcategoryBody>;
/** A subcategory answer of the tree counting `K` (what `subcategoryResponse` parses to). */
export type TreeSubcategoryDto<K extends CountKey> = {
  id: number;
  categoryId: number;
  categoryName: string;
  name: string;
  description: string | null;
  createdAt: string;
  updatedAt: string;
} & Record<K, number>;
/** A category answer (with its subcategories, sorted by name) of the tree counting `K` (what `categoryResponse` parses to). */
export type TreeCategoryDto<K extends CountKey> = {
  id: number;
  name: string;
  description: string | null;
  subcategoryCount: number;
  subcategories: TreeSubcategoryDto<K>[];
  createdAt: string;
  updatedAt: string;
} & Record<K, number>;
