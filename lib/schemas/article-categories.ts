import { z } from "zod";
import { optionalText, requiredName } from "./common";

/**
 * Article categories and subcategories (spec sections 3, 5 and 7): request bodies, queries and answers
 * of /api/admin/articles/categories/** and /api/admin/articles/subcategories/** — shared by the
 * handlers, the inline admin forms and the tests. Browser-safe.
 */

/** Spec section 9: the article category name holds at most 255 characters (the form shows n/255). */
export const CATEGORY_NAME_MAX = 255;
export const CATEGORY_DESCRIPTION_MAX = 1000;

const name = requiredName(CATEGORY_NAME_MAX);
const description = optionalText(CATEGORY_DESCRIPTION_MAX, "validation.descriptionTooLong");

/** POST and PUT /api/admin/articles/categories(/{categoryId}) body (PUT replaces name and description). */
export const categoryBody = z.object({ name, description });

/** POST and PUT /api/admin/articles/subcategories(/{subcategoryId}) body; PUT may move it to another category. */
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

export const subcategoryResponse = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Articles filed under this subcategory. */
  articleCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const categoryResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** Articles filed under this category (with or without a subcategory). */
  articleCount: z.number().int(),
  subcategoryCount: z.number().int(),
  /** Sorted by name. */
  subcategories: z.array(subcategoryResponse),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type CategoryBody = z.infer<typeof categoryBody>;
export type CategoryBodyInput = z.input<typeof categoryBody>;
export type SubcategoryBody = z.infer<typeof subcategoryBody>;
export type SubcategoryBodyInput = z.input<typeof subcategoryBody>;
export type CategoryDto = z.infer<typeof categoryResponse>;
export type SubcategoryDto = z.infer<typeof subcategoryResponse>;
