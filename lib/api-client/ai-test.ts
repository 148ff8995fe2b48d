import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "./fetcher";
import type { AiTestRunDto, AiTestRunPageDto, SaveTextsDto, UseAsExampleDto } from "@/lib/schemas/ai-test";

export const aiTestKeys = {
  all: ["admin", "ai-test"] as const,
  runs: (page: number, pageSize: number) => ["admin", "ai-test", "runs", page, pageSize] as const,
  run: (id: number) => ["admin", "ai-test", "run", id] as const,
};

export const aiTestQueries = {
  runs: (page = 1, pageSize = 10) =>
    queryOptions({
      queryKey: aiTestKeys.runs(page, pageSize),
      queryFn: ({ signal }) => apiFetch<AiTestRunPageDto>(`/admin/ai/test-runs?page=${page}&pageSize=${pageSize}`, { signal }),
    }),
  run: (id: number) =>
    queryOptions({
      queryKey: aiTestKeys.run(id),
      queryFn: ({ signal }) => apiFetch<AiTestRunDto>(`/admin/ai/test-runs/${id}`, { signal }),
    }),
};

export interface AiTestInput {
  image: File;
  providers: number[];
  quality: string;
  size: string;
  background: string;
  masterPrompt: string;
  specificPrompt: string;
  promptId: number | null;
}

export function aiTestForm(input: AiTestInput): FormData {
  const form = new FormData();
  form.set("image", input.image);
  for (const id of input.providers) form.append("providers", String(id));
  form.set("quality", input.quality);
  form.set("size", input.size);
  form.set("background", input.background);
  form.set("masterPrompt", input.masterPrompt);
  form.set("specificPrompt", input.specificPrompt);
  if (input.promptId !== null) form.set("promptId", String(input.promptId));
  return form;
}

export const aiTestApi = {
  run: (input: AiTestInput, signal?: AbortSignal) =>
    apiFetch<AiTestRunDto>("/admin/ai/test", { method: "POST", body: aiTestForm(input), signal }),
  useAsExample: (runId: number, generationId: number, promptId: number) =>
    apiFetch<UseAsExampleDto>(`/admin/ai/test-runs/${runId}/results/${generationId}/use-as-example`, {
      method: "POST",
      body: { promptId },
    }),
  saveTexts: (runId: number, promptId?: number) =>
    apiFetch<SaveTextsDto>(`/admin/ai/test-runs/${runId}/save-texts`, { method: "POST", body: promptId === undefined ? {} : { promptId } }),
};
