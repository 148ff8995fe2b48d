import { z } from "zod";
import { email, optionalPhone } from "@/lib/schemas/auth";
import { generateResponse, generationJobResponse } from "@/lib/schemas/images";
import { userImageDetailResponse } from "@/lib/schemas/user-images";
import { LAST_STEP } from "./editor-state";

const name = z.string().trim().max(100, { error: "validation.tooLong" });

/** Step 4 in the browser: the same email and phone rules as POST /api/auth/register. */
export const personalSchema = z.object({ email, phone: optionalPhone, firstName: name, lastName: name });
export type PersonalSchema = typeof personalSchema;

const point = z.object({ x: z.number(), y: z.number() });
const area = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
const id = z.number().int().positive();

export const savedSchema = z.object({
  v: z.literal(1),
  step: z.number().int().min(0).max(LAST_STEP),
  /** The photo's file name, type and date; its bytes are in IndexedDB. */
  photo: z.object({ name: z.string(), type: z.string(), lastModified: z.number() }).nullable(),
  photoVersion: z.number().int().min(0),
  crop: z.object({ crop: point, zoom: z.number().min(1).max(10), area: area.nullable(), aspect: z.number().positive().nullable() }),
  promptId: id.nullable(),
  mugId: id.nullable(),
  variantId: id.nullable(),
  /** Only what the visitor typed (never a signed-in account's own data). */
  personal: z.object({ email: z.string(), phone: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  useDifferentData: z.boolean(),
  generation: z.object({ result: generateResponse.nullable(), signature: z.string().nullable(), selectedImageId: id.nullable() }),
  job: z.object({ id: z.uuid(), signature: z.string(), createdAt: z.number() }).nullable(),
});
export type SavedEditor = z.infer<typeof savedSchema>;

export { generateResponse, generationJobResponse, userImageDetailResponse };
