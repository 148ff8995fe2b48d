import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { generations } from "@/db/schema";
import { ApiError } from "@/lib/api/errors";
import { logger } from "@/lib/api/logger";
import { env } from "@/lib/env";
import { DEFAULT_LOCALE } from "@/lib/i18n/config";
import type { Session } from "@/lib/auth/session";
import { GenerationError, type GenerationSettings } from "@/lib/integrations/ai/types";
import { generationErrorToApiError } from "@/lib/integrations/ai/errors";
import { generateWithDeadline } from "@/lib/integrations/ai/registry";
import type { GenerateFields, GenerateResponse } from "@/lib/schemas/images";
import { listPublicMugs } from "./catalog";
import { assemblePrompt } from "./prompt-assembly";
import { consume } from "./rate-limit";
import { imageUrl, newAccessKey, storeImage, storeProcessedImage } from "./images";
import { intakeImage } from "@/lib/integrations/images/intake";

const HOUR = 3600;
/** The photo sent to a provider: large enough for print-quality results, small enough to upload fast. */
const SOURCE_MAX_DIMENSION = 2048;

/** Who asks: a signed-in customer (own limit) or a guest / anonymous visitor (limited per client address). */
export type Requester = { kind: "user"; session: Session } | { kind: "guest"; session: Session | null; clientIp: string };

export function requesterFor(session: Session | null, clientIp: string): Requester {
  const signedInCustomer = session && (session.roles.includes("customer") || session.roles.includes("admin"));
  return signedInCustomer ? { kind: "user", session } : { kind: "guest", session, clientIp };
}

/**
 * Counts this generation against the requester's limit before any work is done (atomic in the
 * database, so it holds across app instances and concurrent requests).
 */
async function enforceRateLimit(who: Requester): Promise<void> {
  const { GUEST_GENERATIONS_PER_HOUR, USER_GENERATIONS_PER_HOUR } = env();
  if (who.kind === "user") {
    const r = await consume({ key: `generate:user:${who.session.user.id}`, limit: USER_GENERATIONS_PER_HOUR, windowSeconds: HOUR });
    if (!r.allowed) throw new ApiError(429, "errors.rateLimitUser", undefined, { retryAfter: r.retryAfter });
  } else {
    const r = await consume({ key: `generate:guest:${who.clientIp}`, limit: GUEST_GENERATIONS_PER_HOUR, windowSeconds: HOUR });
    if (!r.allowed) throw new ApiError(429, "errors.rateLimitGuest", undefined, { retryAfter: r.retryAfter });
  }
}

async function requireActiveMug(mugId: number): Promise<void> {
  // Only whether the mug is sold matters here, not its texts: any language's list will do.
  const mugs = await listPublicMugs(DEFAULT_LOCALE);
  if (!mugs.some((m) => m.id === mugId)) throw new ApiError(404, "errors.invalidMugId");
}

/**
 * One generation: validate, count against the limit, crop and store the photo, ask the model, store
 * the results, and record how it went (model, status, duration, cost, error) in `generations`.
 */
export async function generateStyledImages(input: {
  fields: GenerateFields;
  photo: Buffer;
  who: Requester;
  signal: AbortSignal;
  settings?: GenerationSettings;
  extras?: { masterPrompt?: string; specificPrompt?: string };
}): Promise<GenerateResponse> {
  const { fields, photo, who } = input;
  // Everything that can be wrong with the request is found before it counts against the limit.
  const [assembled, , processed] = await Promise.all([
    assemblePrompt(fields.promptId, input.extras),
    requireActiveMug(fields.mugId),
    intakeImage(photo, { use: "editor", format: "jpeg", crop: fields.crop, maxDimension: SOURCE_MAX_DIMENSION }),
  ]);
  await enforceRateLimit(who);

  const ownerId = who.session?.user.id ?? null;
  const accessKey = ownerId === null ? newAccessKey() : null;
  const source = await storeProcessedImage(processed, { type: "UPLOADED", ownerId, accessKey, crop: fields.crop, promptId: fields.promptId });

  const db = await getDb();
  const started = Date.now();
  const [generation] = await db
    .insert(generations)
    .values({
      userId: ownerId,
      promptId: fields.promptId,
      aiModelId: assembled.model.id,
      provider: assembled.model.provider,
      model: assembled.model.modelId,
      sourceImageId: source.id,
      promptText: assembled.text,
      settings: { ...input.settings, mugId: fields.mugId },
      status: "PENDING",
    })
    .returning({ id: generations.id });
  if (!generation) throw new Error("insert returned no row");

  try {
    const result = await generateWithDeadline(
      {
        model: { provider: assembled.model.provider, modelId: assembled.model.modelId },
        image: { data: source.data, mimeType: source.mimeType },
        prompt: assembled.text,
        settings: input.settings ?? {},
        signal: input.signal,
      },
      env().AI_TIMEOUT_MS,
    );
    const stored = [];
    for (const image of result.images) {
      try {
        stored.push(
          await storeImage({
            bytes: image.data,
            use: "generated",
            format: "webp",
            type: "GENERATED",
            ownerId,
            accessKey,
            promptId: fields.promptId,
            sourceImageId: source.id,
            generationId: generation.id,
          }),
        );
      } catch (err) {
        throw new GenerationError("invalid", "provider answer is not a usable image", err);
      }
    }
    if (stored.length === 0) throw new GenerationError("invalid", "provider answered without an image");
    const durationMs = Date.now() - started;
    await db
      .update(generations)
      .set({ status: "SUCCEEDED", finishedAt: new Date(), durationMs, costMicroCents: result.costMicroCents, provider: result.provider, model: result.modelId })
      .where(eq(generations.id, generation.id));
    return {
      generationId: generation.id,
      provider: result.provider,
      modelId: result.modelId,
      offline: result.provider === "offline",
      durationMs,
      sourceImage: { id: source.id, url: imageUrl(source.id, accessKey) },
      images: stored.map((img) => ({ id: img.id, url: imageUrl(img.id, accessKey), width: img.width, height: img.height })),
    };
  } catch (err) {
    const failure = err instanceof GenerationError ? err : new GenerationError("failed", err instanceof Error ? err.message : String(err), err);
    await db
      .update(generations)
      .set({ status: "FAILED", finishedAt: new Date(), durationMs: Date.now() - started, errorMessage: `${failure.kind}: ${failure.message}`.slice(0, 1000) })
      .where(eq(generations.id, generation.id));
    logger.warn("generation failed", { generationId: generation.id, kind: failure.kind, message: failure.message });
    throw generationErrorToApiError(failure);
  }
}
