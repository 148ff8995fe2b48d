import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { aiModels, aiTestRuns, generations, prompts, promptSlotVariants, slotTypes, slotVariants, type AiModel } from "@/db/schema";
import { ApiError, zodFieldErrors, type MessageKey } from "@/lib/errors";
import { logger } from "@/lib/logger";
import type { Viewer } from "@/lib/request-context/viewer";
import { env } from "@/lib/env";
import type { Locale } from "@/lib/i18n/config";
import { unsupportedSettings } from "@/lib/integrations/ai/capabilities";
import { OFFLINE_MODEL_ID, OFFLINE_PROVIDER } from "@/lib/integrations/ai/offline";
import { isProviderUsable } from "@/lib/integrations/ai/registry";
import type { GenerationSettings } from "@/lib/integrations/ai/types";
import { intakeImage } from "@/lib/integrations/images/intake";
import { composePromptText } from "@/lib/domain/prompt-text";
import { aiTestFields, type AiTestFields, type AiTestRunDto } from "@/lib/schemas/ai-test";
import { deleteImage, storeProcessedImage, type StoredImage } from "../images";
import { budgetedCost, reserveAiBudget, settleAiBudget, type AiBudgetReservation } from "../ai-budget";
import { consume, release } from "../rate-limit";
import { generateAndStore, markFailed, markSucceeded } from "../generation-outcome";
import { getAiTestRun, type StoredResultSettings, type StoredRunSettings } from "./runs";

const HOUR = 3600;
/** As the customer editor sends it. */
const SOURCE_MAX_DIMENSION = 2048;

/** One run counts once, whatever the number of models. */
const limitKey = (userId: number) => `ai-test:admin:${userId}`;

export async function readTestForm(form: FormData): Promise<{ fields: AiTestFields; photo: Buffer }> {
  const raw: Record<string, string | string[]> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string" && key !== "providers") raw[key] = value;
  const providers = form.getAll("providers").filter((v): v is string => typeof v === "string");
  if (providers.length) raw.providers = providers.length === 1 ? (providers[0] ?? "") : providers;
  const parsed = aiTestFields.safeParse(raw, { reportInput: true });
  const file = form.get("image");
  const hasImage = !!file && typeof file !== "string" && file.size > 0;
  const fieldErrors: Record<string, MessageKey> = parsed.success ? {} : zodFieldErrors(parsed.error);
  if (!hasImage) fieldErrors.image = "errors.testImageRequired";
  if (!parsed.success || !hasImage) {
    throw new ApiError(422, hasImage ? "errors.validationFailed" : "errors.testImageRequired", fieldErrors);
  }
  return { fields: parsed.data, photo: Buffer.from(await (file as File).arrayBuffer()) };
}

interface ChosenPrompt {
  id: number;
  styleText: string;
  slots: { position: number; text: string }[];
}

async function loadChoices(fields: AiTestFields): Promise<{ models: AiModel[]; prompt: ChosenPrompt | null }> {
  const db = await getDb();
  const [modelRows, promptRow] = await Promise.all([
    db.select().from(aiModels).where(inArray(aiModels.id, fields.providers)),
    fields.promptId === undefined
      ? Promise.resolve(undefined)
      : db
          .select({ id: prompts.id, styleText: prompts.styleText })
          .from(prompts)
          .where(eq(prompts.id, fields.promptId))
          .then((rows) => rows[0] ?? null),
  ]);
  const byId = new Map(modelRows.filter((m) => m.active).map((m) => [m.id, m]));
  const models = fields.providers.map((id) => byId.get(id)).filter((m): m is AiModel => !!m);
  const errors: Record<string, MessageKey> = {};
  if (models.length !== fields.providers.length) errors.providers = "validation.unknownReference";
  if (promptRow === null) errors.promptId = "validation.unknownReference";
  if (Object.keys(errors).length) throw new ApiError(422, "errors.validationFailed", errors);
  if (!promptRow) return { models, prompt: null };
  // Archived and inactive prompts are allowed here: the tester is where they are tuned.
  const slots = await db
    .select({ text: slotVariants.prompt, position: slotTypes.position })
    .from(promptSlotVariants)
    .innerJoin(slotVariants, eq(slotVariants.id, promptSlotVariants.slotVariantId))
    .innerJoin(slotTypes, eq(slotTypes.id, slotVariants.slotTypeId))
    .where(eq(promptSlotVariants.promptId, promptRow.id))
    .orderBy(asc(slotTypes.position), asc(slotVariants.id));
  return { models, prompt: { ...promptRow, slots } };
}

function effectiveModel(model: AiModel): { provider: AiModel["provider"]; modelId: string } {
  return isProviderUsable(model.provider)
    ? { provider: model.provider, modelId: model.modelId }
    : { provider: OFFLINE_PROVIDER, modelId: OFFLINE_MODEL_ID };
}

interface PlannedResult {
  generationId: number;
  model: AiModel;
}

/** Never throws for a provider's failure: one provider never hides the others. */
async function runOne(
  planned: PlannedResult,
  ctx: {
    source: StoredImage;
    promptText: string;
    settings: GenerationSettings;
    ownerId: number;
    promptId: number | null;
    signal: AbortSignal;
  },
): Promise<number> {
  const started = Date.now();
  try {
    const { result } = await generateAndStore(
      {
        model: { provider: planned.model.provider, modelId: planned.model.modelId },
        image: { data: ctx.source.data, mimeType: ctx.source.mimeType },
        prompt: ctx.promptText,
        settings: ctx.settings,
        signal: ctx.signal,
      },
      { generationId: planned.generationId, ownerId: ctx.ownerId, promptId: ctx.promptId, sourceImageId: ctx.source.id },
    );
    await markSucceeded(planned.generationId, started, result);
    return result.costMicroCents;
  } catch (err) {
    const failure = await markFailed(planned.generationId, started, err);
    logger.warn("prompt tester generation failed", {
      generationId: planned.generationId,
      provider: planned.model.provider,
      kind: failure.kind,
      message: failure.message,
    });
    return 0;
  }
}

export async function runAiTest(input: {
  fields: AiTestFields;
  photo: Buffer;
  session: Viewer;
  locale: Locale;
  signal: AbortSignal;
}): Promise<AiTestRunDto> {
  const { fields, photo, session } = input;
  const { models, prompt } = await loadChoices(fields);
  const slots = prompt?.slots ?? [];
  const styleText = prompt?.styleText ?? "";
  const promptText = composePromptText({ masterPrompt: fields.masterPrompt, styleText, slots, specificPrompt: fields.specificPrompt });
  if (!promptText) throw new ApiError(422, "errors.validationFailed", { specificPrompt: "validation.testPromptRequired" });

  const userId = session.user.id;
  const limit = await consume({ key: limitKey(userId), limit: env().ADMIN_TEST_RUNS_PER_HOUR, windowSeconds: HOUR });
  if (!limit.allowed) throw new ApiError(429, "errors.rateLimitTester", undefined, { retryAfter: limit.retryAfter });

  const settings: GenerationSettings = { quality: fields.quality, size: fields.size, background: fields.background, n: 1 };
  // The tester spends the shop's AI budget like the shop does: every paid model of the run is reserved up front.
  let budget: AiBudgetReservation | null = null;
  let source: StoredImage;
  try {
    budget = await reserveAiBudget(
      models.reduce((sum, m) => sum + budgetedCost(m.provider, settings), 0),
      { paying: true },
    );
    const processed = await intakeImage(photo, { use: "editor", format: "jpeg", crop: fields.crop, maxDimension: SOURCE_MAX_DIMENSION });
    source = await storeProcessedImage(processed, { type: "UPLOADED", ownerId: userId, crop: fields.crop, promptId: prompt?.id ?? null });
  } catch (err) {
    // A photo that cannot be taken in (or a budget used up) did not run anything: it does not count.
    await release({ key: limitKey(userId), windowSeconds: HOUR });
    await settleAiBudget(budget, 0);
    throw err;
  }

  const runSettings: StoredRunSettings = {
    providers: models.map((m) => m.id),
    quality: fields.quality,
    size: fields.size,
    background: fields.background,
    masterPrompt: fields.masterPrompt,
    specificPrompt: fields.specificPrompt,
    styleText,
    slots,
  };
  const db = await getDb();
  let runId: number;
  let planned: PlannedResult[];
  try {
    ({ runId, planned } = await db.transaction(async (tx) => {
      const [run] = await tx
        .insert(aiTestRuns)
        .values({ createdBy: userId, promptId: prompt?.id ?? null, sourceImageId: source.id, settings: { ...runSettings } })
        .returning({ id: aiTestRuns.id });
      if (!run) throw new Error("insert returned no row");
      const planned: PlannedResult[] = [];
      for (const model of models) {
        const effective = effectiveModel(model);
        const resultSettings: StoredResultSettings = {
          quality: fields.quality,
          size: fields.size,
          background: fields.background,
          unsupportedSettings: unsupportedSettings(effective.provider, settings),
        };
        const [row] = await tx
          .insert(generations)
          .values({
            userId,
            promptId: prompt?.id ?? null,
            aiModelId: model.id,
            provider: effective.provider,
            model: effective.modelId,
            sourceImageId: source.id,
            promptText,
            settings: { ...resultSettings },
            status: "PENDING",
            testRunId: run.id,
          })
          .returning({ id: generations.id });
        if (!row) throw new Error("insert returned no row");
        planned.push({ generationId: row.id, model });
      }
      return { runId: run.id, planned };
    }));
  } catch (err) {
    await deleteImage(source.id).catch(() => {});
    await settleAiBudget(budget, 0);
    throw err;
  }

  const ctx = { source, promptText, settings, ownerId: userId, promptId: prompt?.id ?? null, signal: input.signal };
  const outcomes = await Promise.allSettled(planned.map((p) => runOne(p, ctx)));
  for (const o of outcomes) if (o.status === "rejected") logger.error("prompt tester result not recorded", { runId, err: o.reason });
  await settleAiBudget(
    budget,
    outcomes.reduce((sum, o) => sum + (o.status === "fulfilled" ? o.value : 0), 0),
  );
  return getAiTestRun(runId, input.locale);
}
