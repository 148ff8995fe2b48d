import { z } from "zod";
import { optionalText, requiredName } from "./common";

export const CATEGORY_NAME_MAX = 255;
export const CATEGORY_DESCRIPTION_MAX = 1000;

const name = requiredName(CATEGORY_NAME_MAX);
const description = optionalText(CATEGORY_DESCRIPTION_MAX, "validation.descriptionTooLong");

export const categoryBody = z.object({ name, description });

export const germanTexts = {
  nameDe: optionalText(CATEGORY_NAME_MAX, "validation.nameTooLong"),
  descriptionDe: optionalText(CATEGORY_DESCRIPTION_MAX, "validation.descriptionTooLong"),
};
export const categoryBodyDe = categoryBody.extend(germanTexts);

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

export const nameSearchQuery = z.object({
  name: z
    .string()
    .trim()
    .max(CATEGORY_NAME_MAX, { error: "validation.nameTooLong" })
    .optional()
    .transform((v) => v || undefined),
});

export type CountKey = "articleCount" | "promptCount";

const subcategoryBase = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  nameDe: z.string().nullable().optional(),
  descriptionDe: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export function categoryTreeResponses<K extends CountKey>(countKey: K) {
  const counted = { [countKey]: z.number().int() } as Record<K, z.ZodNumber>;
  const subcategoryResponse = z.object({ ...subcategoryBase.shape, ...counted });
  const categoryResponse = z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    nameDe: z.string().nullable().optional(),
    descriptionDe: z.string().nullable().optional(),
    ...counted,
    subcategoryCount: z.number().int(),
    subcategories: z.array(subcategoryResponse),
    createdAt: z.string(),
    updatedAt: z.string(),
  });
  return {
    subcategoryResponse: subcategoryResponse as z.ZodType<TreeSubcategoryDto<K>>,
    categoryResponse: categoryResponse as z.ZodType<TreeCategoryDto<K>>,
  };
}

export type CategoryBody = z.infer<typeof categoryBody> & Partial<z.infer<typeof categoryBodyDe>>;
export type CategoryBodyInput = z.input<typeof categoryBodyDe>;
export type SubcategoryBody = z.infer<typeof subcategoryBody> & Partial<z.infer<typeof subcategoryBodyDe>>;
export type SubcategoryBodyInput = z.input<typeof subcategoryBodyDe>;
type GermanTextsDto = { nameDe?: string | null; descriptionDe?: string | null };
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
