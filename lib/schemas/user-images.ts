import { z } from "zod";

/** The kinds of image in a customer's gallery (catalogue images belong to nobody). */
export const USER_IMAGE_TYPES = ["UPLOADED", "GENERATED", "EDITED"] as const;
export type UserImageType = (typeof USER_IMAGE_TYPES)[number];

export const USER_IMAGE_SORTS = ["date", "type"] as const;
export type UserImageSort = (typeof USER_IMAGE_SORTS)[number];

/** desc = newest first, asc = oldest first. */
export const SORT_ORDERS = ["desc", "asc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** GET /api/user/images query: allow-listed sort keys; sort by type groups uploaded, generated, edited, each by date. */
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

/** GET /api/user/images/{imageId}: one own image with its prompt (the editor's "put on a mug"). */
export const userImageDetailResponse = userImageResponse.extend({ promptId: z.number().nullable() });
export type UserImageDetailDto = z.infer<typeof userImageDetailResponse>;

const generatedImageId = z.coerce
  .number({ error: "validation.generatedImageRequired" })
  .int({ error: "validation.generatedImageRequired" })
  .positive({ error: "validation.generatedImageRequired" })
  .max(2_147_483_647, { error: "validation.generatedImageRequired" });

/** Text fields of POST /api/user/images/edited (the PNG file is the `image` field). */
export const editedImageFields = z.object({ generatedImageId });
export type EditedImageFields = z.output<typeof editedImageFields>;
