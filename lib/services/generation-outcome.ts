import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { generations } from "@/db/schema";
import { env } from "@/lib/env";
import { generateWithDeadline } from "@/lib/integrations/ai/registry";
import { GenerationError, type GenerateRequest, type GenerateResult } from "@/lib/integrations/ai/types";
import { storeImage, type StoredImage } from "./images";

/** The shop's editor and the admin's prompt tester record a generation alike, so the jobs view reads both the same way. */

export async function generateAndStore(
  request: GenerateRequest,
  meta: { generationId: number; ownerId: number | null; promptId: number | null; sourceImageId: number },
): Promise<{ result: GenerateResult; stored: StoredImage[] }> {
  const result = await generateWithDeadline(request, env().AI_TIMEOUT_MS);
  const stored: StoredImage[] = [];
  for (const image of result.images) {
    try {
      stored.push(await storeImage({ bytes: image.data, use: "generated", format: "webp", type: "GENERATED", ...meta }));
    } catch (err) {
      throw new GenerationError("invalid", "provider answer is not a usable image", err);
    }
  }
  if (stored.length === 0) throw new GenerationError("invalid", "provider answered without an image");
  return { result, stored };
}

export async function markSucceeded(generationId: number, started: number, result: GenerateResult): Promise<number> {
  const db = await getDb();
  const durationMs = Date.now() - started;
  await db
    .update(generations)
    .set({
      status: "SUCCEEDED",
      finishedAt: new Date(),
      durationMs,
      costMicroCents: result.costMicroCents,
      provider: result.provider,
      model: result.modelId,
    })
    .where(eq(generations.id, generationId));
  return durationMs;
}

export async function markFailed(generationId: number, started: number, err: unknown): Promise<GenerationError> {
  const failure =
    err instanceof GenerationError ? err : new GenerationError("failed", err instanceof Error ? err.message : String(err), err);
  const db = await getDb();
  await db
    .update(generations)
    .set({
      status: "FAILED",
      finishedAt: new Date(),
      durationMs: Date.now() - started,
      errorMessage: `${failure.kind}: ${failure.message}`.slice(0, 1000),
    })
    .where(eq(generations.id, generationId));
  return failure;
}
