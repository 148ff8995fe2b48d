import "server-only";
import { pagedQuery } from "../list-query";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { aiModels, aiTestRuns, generations, images, prompts, type AiTestRun } from "@/db/schema";
import { notFound, type MessageKey } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";
import { translate } from "@/lib/i18n/messages";
import {
  TEST_BACKGROUNDS,
  TEST_QUALITIES,
  TEST_SIZES,
  type AiTestResultDto,
  type AiTestRunDto,
  type AiTestRunPageDto,
} from "@/lib/schemas/ai-test";
import { imageUrl } from "../images";

export interface StoredRunSettings {
  providers: number[];
  quality: (typeof TEST_QUALITIES)[number];
  size: (typeof TEST_SIZES)[number];
  background: (typeof TEST_BACKGROUNDS)[number];
  masterPrompt: string;
  specificPrompt: string;
  styleText: string;
  slots: { position: number; text: string }[];
}

export interface StoredResultSettings {
  quality: string;
  size: string;
  background: string;
  unsupportedSettings: string[];
}

const FAILURE_MESSAGE: Record<string, MessageKey> = {
  timeout: "errors.generationTimeout",
  invalid: "errors.generationInvalidResponse",
  failed: "errors.generationFailed",
};

export function failureMessageKey(errorMessage: string | null): MessageKey {
  const kind = errorMessage?.split(":", 1)[0] ?? "failed";
  return FAILURE_MESSAGE[kind] ?? "errors.generationFailed";
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

export function readRunSettings(raw: Record<string, unknown>): StoredRunSettings {
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  return {
    providers: Array.isArray(raw.providers) ? raw.providers.filter((p): p is number => Number.isInteger(p)) : [],
    quality: oneOf(TEST_QUALITIES, raw.quality, "medium"),
    size: oneOf(TEST_SIZES, raw.size, "1024x1024"),
    background: oneOf(TEST_BACKGROUNDS, raw.background, "auto"),
    masterPrompt: text(raw.masterPrompt),
    specificPrompt: text(raw.specificPrompt),
    styleText: text(raw.styleText),
    slots: Array.isArray(raw.slots)
      ? raw.slots.filter(
          (s): s is { position: number; text: string } =>
            !!s && typeof s === "object" && typeof s.text === "string" && typeof s.position === "number",
        )
      : [],
  };
}

async function toDtos(runs: AiTestRun[], locale: Locale): Promise<AiTestRunDto[]> {
  if (runs.length === 0) return [];
  const db = await getDb();
  const runIds = runs.map((r) => r.id);
  const promptIds = [...new Set(runs.map((r) => r.promptId).filter((id): id is number => id !== null))];
  const [promptRows, resultRows] = await Promise.all([
    promptIds.length
      ? db.select({ id: prompts.id, title: prompts.title, titleDe: prompts.titleDe }).from(prompts).where(inArray(prompts.id, promptIds))
      : Promise.resolve([]),
    db
      .select({ generation: generations, displayName: aiModels.displayName })
      .from(generations)
      .leftJoin(aiModels, eq(aiModels.id, generations.aiModelId))
      .where(inArray(generations.testRunId, runIds))
      .orderBy(asc(generations.id)),
  ]);
  const generationIds = resultRows.map((r) => r.generation.id);
  const imageRows = generationIds.length
    ? await db
        .select({ id: images.id, generationId: images.generationId, width: images.width, height: images.height })
        .from(images)
        .where(and(inArray(images.generationId, generationIds), eq(images.type, "GENERATED")))
        .orderBy(asc(images.id))
    : [];

  const titles = new Map(promptRows.map((p) => [p.id, localized(locale, p.title, p.titleDe)]));
  const imagesOf = new Map<number, AiTestResultDto["images"]>();
  for (const img of imageRows) {
    if (img.generationId === null) continue;
    const list = imagesOf.get(img.generationId) ?? [];
    list.push({ id: img.id, url: imageUrl(img.id), width: img.width, height: img.height });
    imagesOf.set(img.generationId, list);
  }
  const resultsOf = new Map<number, AiTestResultDto[]>();
  for (const { generation: g, displayName } of resultRows) {
    if (g.testRunId === null) continue;
    const stored = (g.settings ?? {}) as Partial<StoredResultSettings>;
    const list = resultsOf.get(g.testRunId) ?? [];
    list.push({
      generationId: g.id,
      aiModelId: g.aiModelId,
      provider: g.provider,
      model: g.model,
      displayName: displayName ?? g.model,
      status: g.status,
      promptText: g.promptText,
      images: imagesOf.get(g.id) ?? [],
      durationMs: g.durationMs,
      costCents: g.costMicroCents === null ? null : g.costMicroCents / 1_000_000,
      error: g.status === "FAILED" ? translate(locale, failureMessageKey(g.errorMessage)) : null,
      unsupportedSettings: Array.isArray(stored.unsupportedSettings) ? stored.unsupportedSettings.filter((s) => typeof s === "string") : [],
      offline: g.provider === "offline",
    });
    resultsOf.set(g.testRunId, list);
  }

  return runs.map((run) => {
    const settings = readRunSettings(run.settings);
    return {
      id: run.id,
      createdAt: run.createdAt.toISOString(),
      prompt: run.promptId === null ? null : { id: run.promptId, title: titles.get(run.promptId) ?? "" },
      sourceImage: run.sourceImageId === null ? null : { id: run.sourceImageId, url: imageUrl(run.sourceImageId) },
      settings: {
        providers: settings.providers,
        quality: settings.quality,
        size: settings.size,
        background: settings.background,
        masterPrompt: settings.masterPrompt,
        specificPrompt: settings.specificPrompt,
      },
      results: resultsOf.get(run.id) ?? [],
    };
  });
}

export async function getAiTestRun(runId: number, locale: Locale): Promise<AiTestRunDto> {
  const db = await getDb();
  const [run] = await db.select().from(aiTestRuns).where(eq(aiTestRuns.id, runId));
  if (!run) throw notFound();
  const [dto] = await toDtos([run], locale);
  if (!dto) throw notFound();
  return dto;
}

export async function getAiTestRunRow(runId: number): Promise<AiTestRun> {
  const db = await getDb();
  const [run] = await db.select().from(aiTestRuns).where(eq(aiTestRuns.id, runId));
  if (!run) throw notFound();
  return run;
}

export async function listAiTestRuns(query: { page: number; pageSize: number }, locale: Locale): Promise<AiTestRunPageDto> {
  const db = await getDb();
  const page = await pagedQuery(
    query,
    (limit, offset) => db.select().from(aiTestRuns).orderBy(desc(aiTestRuns.createdAt), desc(aiTestRuns.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(aiTestRuns),
  );
  return { ...page, items: await toDtos(page.items, locale) };
}
