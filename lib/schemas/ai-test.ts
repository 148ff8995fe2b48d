import { z } from "zod";
import { pageQuery, pageResponse } from "./common";
import { cropNumber, completeCrop } from "./images";

export const TEST_QUALITIES = ["low", "medium", "high"] as const;
export const TEST_SIZES = ["1024x1024", "1024x1536", "1536x1024"] as const;
export const TEST_BACKGROUNDS = ["auto", "opaque", "transparent"] as const;

const modelId = z.coerce
  .number({ error: "validation.invalidValue" })
  .int({ error: "validation.invalidValue" })
  .positive({ error: "validation.invalidValue" })
  .max(2_147_483_647, { error: "validation.invalidValue" });

export const aiTestFields = z
  .object({
    providers: z
      .union([z.string(), z.array(z.string())], { error: "validation.selectProviders" })
      .transform((v) =>
        (Array.isArray(v) ? v : v.split(","))
          .map((s) => s.trim())
          .filter(Boolean)
          .map(Number),
      )
      .pipe(
        z
          .array(
            z
              .number()
              .int({ error: "validation.invalidValue" })
              .positive({ error: "validation.invalidValue" })
              .max(2_147_483_647, { error: "validation.invalidValue" }),
          )
          .min(1, { error: "validation.selectProviders" })
          .max(4, { error: "validation.tooBig" }),
      ),
    quality: z.enum(TEST_QUALITIES, { error: "validation.invalidValue" }).default("medium"),
    size: z.enum(TEST_SIZES, { error: "validation.invalidValue" }).default("1024x1024"),
    background: z.enum(TEST_BACKGROUNDS, { error: "validation.invalidValue" }).default("auto"),
    masterPrompt: z.string().trim().max(8000, { error: "validation.tooLong" }).optional().default(""),
    specificPrompt: z.string().trim().max(8000, { error: "validation.tooLong" }).optional().default(""),
    promptId: z.union([z.literal("").transform(() => undefined), modelId]).optional(),
    x: cropNumber,
    y: cropNumber,
    width: cropNumber,
    height: cropNumber,
  })
  .transform((v, ctx) => ({ ...v, providers: [...new Set(v.providers)], crop: completeCrop(v, ctx) }));

export type AiTestFields = z.output<typeof aiTestFields>;

export const aiTestResultResponse = z.object({
  generationId: z.number().int(),
  aiModelId: z.number().int().nullable(),
  provider: z.string(),
  model: z.string(),
  displayName: z.string(),
  status: z.enum(["SUCCEEDED", "FAILED", "PENDING"]),
  promptText: z.string(),
  images: z.array(z.object({ id: z.number().int(), url: z.string(), width: z.number().int(), height: z.number().int() })),
  durationMs: z.number().int().nullable(),
  costCents: z.number().nullable(),
  error: z.string().nullable(),
  unsupportedSettings: z.array(z.string()),
  offline: z.boolean(),
});

export const aiTestRunResponse = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  prompt: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  sourceImage: z.object({ id: z.number().int(), url: z.string() }).nullable(),
  settings: z.object({
    providers: z.array(z.number().int()),
    quality: z.enum(TEST_QUALITIES),
    size: z.enum(TEST_SIZES),
    background: z.enum(TEST_BACKGROUNDS),
    masterPrompt: z.string(),
    specificPrompt: z.string(),
  }),
  results: z.array(aiTestResultResponse),
});

export const aiTestRunsQuery = z.object(pageQuery(50, 10));

export const aiTestRunPageResponse = pageResponse(aiTestRunResponse);

export type AiTestResultDto = z.infer<typeof aiTestResultResponse>;
export type AiTestRunDto = z.infer<typeof aiTestRunResponse>;
export type AiTestRunPageDto = z.infer<typeof aiTestRunPageResponse>;

const requiredPromptId = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null ? "validation.required" : "validation.invalidType") })
  .int({ error: "validation.invalidValue" })
  .positive({ error: "validation.invalidValue" })
  .max(2_147_483_647, { error: "validation.invalidValue" });

export const useAsExampleBody = z.object({ promptId: requiredPromptId });
export type UseAsExampleBody = z.infer<typeof useAsExampleBody>;

export const useAsExampleResponse = z.object({
  promptId: z.number().int(),
  exampleImage: z.object({ id: z.number().int(), url: z.string(), width: z.number().int(), height: z.number().int() }),
});
export type UseAsExampleDto = z.infer<typeof useAsExampleResponse>;

export const saveTextsBody = z.object({ promptId: requiredPromptId.optional() });
export type SaveTextsBody = z.infer<typeof saveTextsBody>;

export const saveTextsResponse = z.object({ promptId: z.number().int(), styleText: z.string() });
export type SaveTextsDto = z.infer<typeof saveTextsResponse>;
