import "server-only";
import { asc } from "drizzle-orm";
import { getDb } from "@/db/client";
import { aiModels, type AiProvider } from "@/db/schema";
import { env } from "@/lib/env";
import { toGenerationError } from "./errors";
import { offlineAdapter } from "./offline";
import { createFluxAdapter, createGoogleAdapter, createOpenAIAdapter } from "./providers";
import type { GenerateRequest, GenerateResult, ImageModelAdapter } from "./types";

export interface AiModelDto {
  id: number;
  provider: AiProvider;
  modelId: string;
  displayName: string;
  capabilities: string[];
  active: boolean;
  usable: boolean;
  offline: boolean;
}

export function isProviderUsable(provider: AiProvider): boolean {
  const e = env();
  switch (provider) {
    case "openai":
      return Boolean(e.OPENAI_API_KEY);
    case "google":
      return Boolean(e.GOOGLE_GENERATIVE_AI_API_KEY);
    case "flux":
      return Boolean(e.BFL_API_KEY);
    case "offline":
      return true;
  }
}

/** Reads the environment on every call, so key changes need no restart. */
export function getImageModel(model: { provider: AiProvider; modelId: string }): ImageModelAdapter {
  if (!isProviderUsable(model.provider)) return offlineAdapter;
  const e = env();
  switch (model.provider) {
    case "openai":
      return createOpenAIAdapter({ apiKey: e.OPENAI_API_KEY, baseURL: e.OPENAI_BASE_URL });
    case "google":
      return createGoogleAdapter({ apiKey: e.GOOGLE_GENERATIVE_AI_API_KEY, baseURL: e.GOOGLE_BASE_URL });
    case "flux":
      // Polling stops at the deadline anyway (the signal aborts it); the SDK's own limit must not be shorter.
      return createFluxAdapter({ apiKey: e.BFL_API_KEY, baseURL: e.BFL_BASE_URL, pollTimeoutMillis: e.AI_TIMEOUT_MS });
    case "offline":
      return offlineAdapter;
  }
}

export async function listModels(): Promise<AiModelDto[]> {
  const db = await getDb();
  const rows = await db.select().from(aiModels).orderBy(asc(aiModels.id));
  return rows.map((row) => {
    const usable = isProviderUsable(row.provider);
    return {
      id: row.id,
      provider: row.provider,
      modelId: row.modelId,
      displayName: row.displayName,
      capabilities: row.capabilities,
      active: row.active,
      usable,
      offline: row.provider === "offline" || !usable,
    };
  });
}

/** The signal is aborted on return, so nothing the call started keeps running or billing. */
export async function generateWithDeadline(req: GenerateRequest, timeoutMs: number = env().AI_TIMEOUT_MS): Promise<GenerateResult> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DOMException(`no answer within ${timeoutMs} ms`, "TimeoutError")), timeoutMs);
  const signal = AbortSignal.any([req.signal, deadline.signal]);
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(toGenerationError(signal.reason, signal));
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    const adapter = getImageModel(req.model);
    return await Promise.race([adapter.generate({ ...req, signal }), aborted]);
  } catch (err) {
    throw toGenerationError(err, signal);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener("abort", onAbort);
    if (!deadline.signal.aborted) deadline.abort(new DOMException("generation finished", "AbortError"));
  }
}
