import { z } from "zod";
import { USER_IMAGE_TYPES } from "./light/user-image";

export { USER_IMAGE_TYPES, userImageResponse, userImageDetailResponse } from "./light/user-image";
export type { UserImageType, UserImageDto, UserImageDetailDto } from "./light/user-image";

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


const generatedImageId = z.coerce
  .number({ error: "validation.generatedImageRequired" })
  .int({ error: "validation.generatedImageRequired" })
  .positive({ error: "validation.generatedImageRequired" })
  .max(2_147_483_647, { error: "validation.generatedImageRequired" });

/** Text fields of POST /api/user/images/edited (the PNG file is the `image` field). */
export const editedImageFields = z.object({ generatedImageId });
export type EditedImageFields = z.output<typeof editedImageFields>;
