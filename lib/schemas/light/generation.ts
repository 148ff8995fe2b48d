import * as z from "zod/mini";

/**
 * Answers of the generation endpoints, parsed in the editor (zod mini: see contact.ts). The server's
 * lib/schemas/images.ts re-exports them.
 */
export const generateResponse = z.object({
  generationId: z.number(),
  provider: z.string(),
  modelId: z.string(),
  /** True when the offline style filter made the picture (no AI provider configured). */
  offline: z.boolean(),
  durationMs: z.number(),
  sourceImage: z.object({ id: z.number(), url: z.string() }),
  images: z.array(z.object({ id: z.number(), url: z.string(), width: z.number(), height: z.number() })),
});
export type GenerateResponse = z.infer<typeof generateResponse>;

export const GENERATION_JOB_STATUSES = ["running", "succeeded", "failed"] as const;
export type GenerationJobStatus = (typeof GENERATION_JOB_STATUSES)[number];

/** GET /api/generations/{jobId}: how a storefront generation job stands; `result` once it succeeded, `message` once it failed. */
export const generationJobResponse = z.object({
  jobId: z.string(),
  status: z.enum(GENERATION_JOB_STATUSES),
  /** When the server started the job (ISO 8601). */
  startedAt: z.string(),
  /** Milliseconds since the start while running; the job's duration once finished. */
  elapsedMs: z.number(),
  result: z.optional(generateResponse),
  /** The failure in the caller's language. */
  message: z.optional(z.string()),
});
export type GenerationJobResponse = z.infer<typeof generationJobResponse>;
