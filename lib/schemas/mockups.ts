import { z } from "zod";
import { MOCKUP_VIEWS } from "@/lib/domain/mug-mockup";

export const mockupUrls = z.object({ front: z.string().nullable(), left: z.string().nullable(), right: z.string().nullable() });
export type MockupUrls = z.infer<typeof mockupUrls>;

export const NO_MOCKUPS: MockupUrls = { front: null, left: null, right: null };

export const mockupView = z.enum(MOCKUP_VIEWS);

export const mockupParams = z.object({
  imageId: z.coerce.number().int().positive().max(2_147_483_647),
  variantId: z.coerce.number().int().positive().max(2_147_483_647),
  view: mockupView,
});
