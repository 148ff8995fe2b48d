import * as z from "zod/mini";

/**
 * A customer's image as the API answers it, parsed in the editor's "put on a mug" (zod mini: see
 * contact.ts). The server's lib/schemas/user-images.ts re-exports these.
 */

/** The kinds of image in a customer's gallery (catalogue images belong to nobody). */
export const USER_IMAGE_TYPES = ["UPLOADED", "GENERATED", "EDITED"] as const;
export type UserImageType = (typeof USER_IMAGE_TYPES)[number];

export const userImageResponse = z.object({
  id: z.number(),
  type: z.enum(USER_IMAGE_TYPES),
  url: z.string(),
  createdAt: z.string(),
  sizeBytes: z.number(),
  width: z.number(),
  height: z.number(),
  promptTitle: z.nullable(z.string()),
});
export type UserImageDto = z.infer<typeof userImageResponse>;

/** GET /api/user/images/{imageId}: one own image with its prompt (the editor's "put on a mug"). */
export const userImageDetailResponse = z.extend(userImageResponse, { promptId: z.nullable(z.number()) });
export type UserImageDetailDto = z.infer<typeof userImageDetailResponse>;
