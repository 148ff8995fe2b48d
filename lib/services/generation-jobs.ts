import "server-only";
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { generations, images, type Generation } from "@/db/schema";
import { notFound, type MessageKey } from "@/lib/errors";
import { env } from "@/lib/env";
import type { Locale } from "@/lib/i18n/config";
import { translate } from "@/lib/i18n/messages";
import type { Viewer } from "@/lib/request-context/viewer";
import type { GenerateResponse, GenerationJobResponse } from "@/lib/schemas/images";
import { OFFLINE_PROVIDER } from "@/lib/integrations/ai/offline";
import { imageUrlOf } from "./images";

const ORPHAN_GRACE_MS = 60_000;

function failureKey(errorMessage: string | null): MessageKey {
  const kind = errorMessage?.split(":", 1)[0];
  if (kind === "timeout") return "errors.generationTimeout";
  if (kind === "invalid") return "errors.generationInvalidResponse";
  return "errors.generationFailed";
}

async function resultOf(row: Generation): Promise<GenerateResponse> {
  const db = await getDb();
  const columns = { id: images.id, ownerId: images.ownerId, accessKey: images.accessKey, width: images.width, height: images.height };
  const [stored, [source]] = await Promise.all([
    db.select(columns).from(images).where(eq(images.generationId, row.id)).orderBy(asc(images.id)),
    row.sourceImageId ? db.select(columns).from(images).where(eq(images.id, row.sourceImageId)) : Promise.resolve([]),
  ]);
  return {
    generationId: row.id,
    provider: row.provider,
    modelId: row.model,
    offline: row.provider === OFFLINE_PROVIDER,
    durationMs: row.durationMs ?? 0,
    sourceImage: source ? { id: source.id, url: imageUrlOf(source) } : { id: row.sourceImageId ?? 0, url: "" },
    images: stored.map((img) => ({ id: img.id, url: imageUrlOf(img), width: img.width, height: img.height })),
  };
}

/** An anonymous visitor's job opens by its random id, which only that browser knows. */
export async function getGenerationJob(jobId: string, viewer: Viewer | null, locale: Locale): Promise<GenerationJobResponse> {
  const db = await getDb();
  const [row] = await db.select().from(generations).where(eq(generations.clientJobId, jobId)).limit(1);
  if (!row || (row.userId !== null && row.userId !== viewer?.user.id)) throw notFound();

  const startedAt = row.startedAt.toISOString();
  if (row.status === "PENDING") {
    const elapsedMs = Math.max(0, Date.now() - row.startedAt.getTime());
    if (elapsedMs <= env().AI_TIMEOUT_MS + ORPHAN_GRACE_MS) return { jobId, status: "running", startedAt, elapsedMs };
    return { jobId, status: "failed", startedAt, elapsedMs, message: translate(locale, "errors.generationTimeout") };
  }
  const elapsedMs = row.durationMs ?? Math.max(0, (row.finishedAt ?? row.startedAt).getTime() - row.startedAt.getTime());
  if (row.status === "FAILED")
    return { jobId, status: "failed", startedAt, elapsedMs, message: translate(locale, failureKey(row.errorMessage)) };
  return { jobId, status: "succeeded", startedAt, elapsedMs, result: await resultOf(row) };
}
