import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { generations, orderEvents, orders } from "@/db/schema";
import { ApiError, pgErrorCode, type MessageKey } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { env } from "@/lib/env";
import { DEFAULT_LOCALE } from "@/lib/i18n/config";
import type { Viewer } from "@/lib/request-context/viewer";
import type { GenerationSettings } from "@/lib/integrations/ai/types";
import { generationErrorToApiError } from "@/lib/integrations/ai/errors";
import type { GenerateFields, GenerateResponse } from "@/lib/schemas/images";
import { listPublicMugs } from "./catalog";
import { assemblePrompt, type AssembledPrompt } from "./prompt-assembly";
import { budgetedCost, reserveAiBudget, settleAiBudget, type AiBudgetReservation } from "./ai-budget";
import { consume, release, type Window } from "./rate-limit";
import { clientNetwork } from "@/lib/request-context/client-ip";
import { imageUrlOf, storeProcessedImage } from "./images";
import { generateAndStore, markFailed, markSucceeded } from "./generation-outcome";
import { intakeImage, type ProcessedImage } from "@/lib/integrations/images/intake";

const HOUR = 3600;
const SOURCE_MAX_DIMENSION = 2048;

export type Requester = { kind: "user"; viewer: Viewer; clientIp: string } | { kind: "guest"; viewer: Viewer | null; clientIp: string };

export function requesterFor(viewer: Viewer | null, clientIp: string): Requester {
  const signedInCustomer = viewer && (viewer.roles.includes("customer") || viewer.roles.includes("admin"));
  return signedInCustomer ? { kind: "user", viewer, clientIp } : { kind: "guest", viewer, clientIp };
}

async function hasPaidOrder(userId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderEvents, and(eq(orderEvents.orderId, orders.id), eq(orderEvents.type, "paid")))
    .where(eq(orders.userId, userId))
    .limit(1);
  return !!row;
}

/** Everyone without a paid order shares their client's limit, so registering more accounts does not multiply it. */
async function enforceRateLimit(who: Requester): Promise<{ windows: Omit<Window, "limit">[]; paying: boolean }> {
  const { GUEST_GENERATIONS_PER_HOUR, USER_GENERATIONS_PER_HOUR, NEW_ACCOUNT_GENERATIONS_PER_HOUR } = env();
  const taken: Omit<Window, "limit">[] = [];
  const take = async (window: Omit<Window, "limit">, limit: number, message: MessageKey) => {
    const r = await consume({ ...window, limit });
    taken.push(window);
    if (!r.allowed) {
      await releaseAll(taken);
      throw new ApiError(429, message, undefined, { retryAfter: r.retryAfter });
    }
  };
  const clientWindow = (clientIp: string) => ({ key: `generate:client:${clientNetwork(clientIp)}`, windowSeconds: HOUR });
  if (who.kind === "user") {
    const { user, roles } = who.viewer;
    const paying = roles.includes("admin") || (await hasPaidOrder(user.id));
    const userWindow = { key: `generate:user:${user.id}`, windowSeconds: HOUR };
    const small = !paying && NEW_ACCOUNT_GENERATIONS_PER_HOUR < USER_GENERATIONS_PER_HOUR;
    if (small) await take(userWindow, NEW_ACCOUNT_GENERATIONS_PER_HOUR, "errors.rateLimitNewAccount");
    else await take(userWindow, USER_GENERATIONS_PER_HOUR, "errors.rateLimitUser");
    if (!paying) await take(clientWindow(who.clientIp), GUEST_GENERATIONS_PER_HOUR, "errors.rateLimitNewAccount");
    return { windows: taken, paying };
  }
  await take(clientWindow(who.clientIp), GUEST_GENERATIONS_PER_HOUR, "errors.rateLimitGuest");
  return { windows: taken, paying: false };
}

async function releaseAll(windows: Omit<Window, "limit">[]): Promise<void> {
  for (const w of windows) await release(w);
}

async function requireActiveMug(mugId: number): Promise<void> {
  const mugs = await listPublicMugs(DEFAULT_LOCALE);
  if (!mugs.some((m) => m.id === mugId)) throw new ApiError(404, "errors.invalidMugId");
}

const jobExists = () => new ApiError(409, "errors.generationJobExists");

async function refuseKnownJob(jobId: string | null): Promise<void> {
  if (!jobId) return;
  const db = await getDb();
  const [row] = await db.select({ id: generations.id }).from(generations).where(eq(generations.clientJobId, jobId)).limit(1);
  if (row) throw jobExists();
}

/** The provider call ends only at its own deadline, not when the request is aborted, so a reloaded page finds the job finished. */
export async function generateStyledImages(input: {
  fields: GenerateFields;
  photo: Buffer;
  who: Requester;
  settings?: GenerationSettings;
  extras?: { masterPrompt?: string; specificPrompt?: string };
}): Promise<GenerateResponse> {
  const { fields, photo, who } = input;
  const settings = input.settings ?? {};
  const [assembled] = await Promise.all([
    assemblePrompt(fields.promptId, input.extras),
    requireActiveMug(fields.mugId),
    refuseKnownJob(fields.jobId),
  ]);
  const { windows: limitWindows, paying } = await enforceRateLimit(who);
  let budget: AiBudgetReservation | null = null;
  let processed: ProcessedImage;
  try {
    budget = await reserveAiBudget(budgetedCost(assembled.model.provider, settings), { paying });
    processed = await intakeImage(photo, { use: "editor", format: "jpeg", crop: fields.crop, maxDimension: SOURCE_MAX_DIMENSION });
  } catch (err) {
    // Nothing ran: the request does not count against the limit, and its reservation is given back.
    await releaseAll(limitWindows);
    await settleAiBudget(budget, 0);
    throw err;
  }

  let costMicroCents = 0;
  try {
    return await runGeneration({ ...input, settings, assembled, processed }, (cost) => (costMicroCents = cost));
  } catch (err) {
    // The same job id sent twice at once: the second request ran nothing, so it does not count.
    if (err instanceof ApiError && err.key === "errors.generationJobExists") await releaseAll(limitWindows);
    throw err;
  } finally {
    await settleAiBudget(budget, costMicroCents);
  }
}

async function runGeneration(
  input: Parameters<typeof generateStyledImages>[0] & {
    settings: GenerationSettings;
    assembled: AssembledPrompt;
    processed: ProcessedImage;
  },
  onCost: (microCents: number) => void,
): Promise<GenerateResponse> {
  const { fields, who, assembled, processed } = input;
  const ownerId = who.viewer?.user.id ?? null;
  const db = await getDb();
  const started = Date.now();
  let generation: { id: number } | undefined;
  try {
    [generation] = await db
      .insert(generations)
      .values({
        userId: ownerId,
        promptId: fields.promptId,
        aiModelId: assembled.model.id,
        provider: assembled.model.provider,
        model: assembled.model.modelId,
        promptText: assembled.text,
        settings: { ...input.settings, mugId: fields.mugId },
        status: "PENDING",
        startedAt: new Date(started),
        clientJobId: fields.jobId,
      })
      .returning({ id: generations.id });
  } catch (err) {
    if (fields.jobId && pgErrorCode(err) === "23505") throw jobExists();
    throw err;
  }
  if (!generation) throw new Error("insert returned no row");

  try {
    const source = await storeProcessedImage(processed, { type: "UPLOADED", ownerId, crop: fields.crop, promptId: fields.promptId });
    await db.update(generations).set({ sourceImageId: source.id }).where(eq(generations.id, generation.id));
    const { result, stored } = await generateAndStore(
      {
        model: { provider: assembled.model.provider, modelId: assembled.model.modelId },
        image: { data: source.data, mimeType: source.mimeType },
        prompt: assembled.text,
        settings: input.settings,
        signal: new AbortController().signal,
      },
      { generationId: generation.id, ownerId, promptId: fields.promptId, sourceImageId: source.id },
    );
    const durationMs = await markSucceeded(generation.id, started, result);
    onCost(result.costMicroCents);
    return {
      generationId: generation.id,
      provider: result.provider,
      modelId: result.modelId,
      offline: result.provider === "offline",
      durationMs,
      sourceImage: { id: source.id, url: imageUrlOf(source) },
      images: stored.map((img) => ({ id: img.id, url: imageUrlOf(img), width: img.width, height: img.height })),
    };
  } catch (err) {
    const failure = await markFailed(generation.id, started, err);
    logger.warn("generation failed", { generationId: generation.id, kind: failure.kind, message: failure.message });
    throw generationErrorToApiError(failure);
  }
}
