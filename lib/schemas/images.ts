import { z } from "zod";

export const cropNumber = z
  .union([
    z.literal("").transform(() => undefined),
    z.coerce.number({ error: "validation.invalidType" }).int({ error: "validation.invalidType" }),
  ])
  .optional();

type RawCrop = { x?: number; y?: number; width?: number; height?: number };

export function completeCrop(v: RawCrop, ctx: z.RefinementCtx) {
  const values = [v.x, v.y, v.width, v.height];
  const given = values.filter((x) => x !== undefined).length;
  if (given === 0) return null;
  if (given !== 4 || v.x === undefined || v.y === undefined || v.width === undefined || v.height === undefined) {
    ctx.addIssue({ code: "custom", path: ["crop"], message: "validation.cropIncomplete" });
    return z.NEVER;
  }
  return { x: v.x, y: v.y, width: v.width, height: v.height };
}

export const cropFromXYWH = z.object({ x: cropNumber, y: cropNumber, width: cropNumber, height: cropNumber }).transform(completeCrop);

export const cropFromPrefixed = z
  .object({ cropX: cropNumber, cropY: cropNumber, cropWidth: cropNumber, cropHeight: cropNumber })
  .transform((v, ctx) => completeCrop({ x: v.cropX, y: v.cropY, width: v.cropWidth, height: v.cropHeight }, ctx));

export const ADMIN_IMAGE_TYPES = ["PROMPT_EXAMPLE", "MUG_VARIANT_EXAMPLE", "SHIRT_VARIANT_EXAMPLE", "SLOT_VARIANT_EXAMPLE"] as const;

export const adminImageFields = z.object({
  imageType: z.enum(ADMIN_IMAGE_TYPES, { error: "validation.invalidValue" }),
});

export const imageResponse = z.object({
  id: z.number(),
  type: z.enum(["UPLOADED", "GENERATED", "EDITED", "CATALOGUE"]),
  url: z.string(),
  mimeType: z.string(),
  width: z.number(),
  height: z.number(),
  sizeBytes: z.number(),
  createdAt: z.string(),
});

export type ImageDto = z.infer<typeof imageResponse>;

const positiveId = (error: `validation.${string}`) =>
  z.coerce.number({ error }).int({ error }).positive({ error }).max(2_147_483_647, { error });

const jobIdField = z.union([
  z.literal("").transform(() => undefined),
  z.uuid({ error: "validation.invalidFormat" }).transform((v) => v.toLowerCase()),
]);

export const generationJobParams = z.object({ jobId: z.uuid().transform((v) => v.toLowerCase()) });

export const generateFields = z
  .object({
    promptId: positiveId("validation.promptRequired"),
    mugId: positiveId("validation.mugRequired"),
    x: cropNumber,
    y: cropNumber,
    width: cropNumber,
    height: cropNumber,
    jobId: jobIdField.optional(),
  })
  .transform((v, ctx) => ({ promptId: v.promptId, mugId: v.mugId, crop: completeCrop(v, ctx), jobId: v.jobId ?? null }));

export type GenerateFields = z.output<typeof generateFields>;

export const generateResponse = z.object({
  generationId: z.number(),
  provider: z.string(),
  modelId: z.string(),
  offline: z.boolean(),
  durationMs: z.number(),
  sourceImage: z.object({ id: z.number(), url: z.string() }),
  images: z.array(z.object({ id: z.number(), url: z.string(), width: z.number(), height: z.number() })),
});
export type GenerateResponse = z.infer<typeof generateResponse>;

export const GENERATION_JOB_STATUSES = ["running", "succeeded", "failed"] as const;
export type GenerationJobStatus = (typeof GENERATION_JOB_STATUSES)[number];

export const generationJobResponse = z.object({
  jobId: z.string(),
  status: z.enum(GENERATION_JOB_STATUSES),
  startedAt: z.string(),
  elapsedMs: z.number(),
  result: generateResponse.optional(),
  message: z.string().optional(),
});
export type GenerationJobResponse = z.infer<typeof generationJobResponse>;
