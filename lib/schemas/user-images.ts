import { z } from "zod";
import { SORT_ORDERS, USER_IMAGE_SORTS, USER_IMAGE_TYPES } from "./user-image-sorting";

export { SORT_ORDERS, USER_IMAGE_SORTS, USER_IMAGE_TYPES };
export type { SortOrder, UserImageSort, UserImageType } from "./user-image-sorting";

export const listUserImagesQuery = z.object({
  sort: z.enum(USER_IMAGE_SORTS, { error: "validation.invalidValue" }).default("date"),
  order: z.enum(SORT_ORDERS, { error: "validation.invalidValue" }).default("desc"),
  type: z.enum(USER_IMAGE_TYPES, { error: "validation.invalidValue" }).optional(),
});
export type ListUserImagesQuery = z.output<typeof listUserImagesQuery>;
export type ListUserImagesQueryInput = z.input<typeof listUserImagesQuery>;

export const userImageResponse = z.object({
  id: z.number(),
  type: z.enum(USER_IMAGE_TYPES),
  url: z.string(),
  createdAt: z.string(),
  sizeBytes: z.number(),
  width: z.number(),
  height: z.number(),
  promptTitle: z.string().nullable(),
});
export type UserImageDto = z.infer<typeof userImageResponse>;

export const userImageDetailResponse = userImageResponse.extend({ promptId: z.number().nullable() });
export type UserImageDetailDto = z.infer<typeof userImageDetailResponse>;

const generatedImageId = z.coerce
  .number({ error: "validation.generatedImageRequired" })
  .int({ error: "validation.generatedImageRequired" })
  .positive({ error: "validation.generatedImageRequired" })
  .max(2_147_483_647, { error: "validation.generatedImageRequired" });

export const editedImageFields = z.object({ generatedImageId });
export type EditedImageFields = z.output<typeof editedImageFields>;
