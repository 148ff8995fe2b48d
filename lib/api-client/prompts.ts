import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "./fetcher";
import type { ImageDto } from "@/lib/schemas/images";
import type { AiTestRunDto } from "@/lib/schemas/ai-test";
import type { PromptBodyInput, PromptDto } from "@/lib/schemas/prompts";

export const promptKeys = {
  all: ["admin", "prompts"] as const,
  detail: (id: number) => ["admin", "prompts", id] as const,
};

export const promptQueries = {
  detail: (id: number) =>
    queryOptions({ queryKey: promptKeys.detail(id), queryFn: ({ signal }) => apiFetch<PromptDto>(`/admin/prompts/${id}`, { signal }) }),
};

export const promptsApi = {
  get: (id: number) => apiFetch<PromptDto>(`/admin/prompts/${id}`),
  create: (body: PromptBodyInput) => apiFetch<PromptDto>("/admin/prompts", { method: "POST", body }),
  update: (id: number, body: PromptBodyInput) => apiFetch<PromptDto>(`/admin/prompts/${id}`, { method: "PUT", body }),
  remove: (id: number) => apiFetch<{ deleted: boolean; archived: boolean }>(`/admin/prompts/${id}`, { method: "DELETE" }),
  uploadExampleImage: (file: Blob) => {
    const form = new FormData();
    form.set("file", file, file instanceof File ? file.name : "image");
    form.set("imageType", "PROMPT_EXAMPLE");
    return apiFetch<ImageDto>("/admin/images", { method: "POST", body: form });
  },
};

export interface PromptTestInput {
  image: Blob;
  providers: number[];
  promptId: number;
}

export const aiTestApi = {
  run: ({ image, providers, promptId }: PromptTestInput) => {
    const form = new FormData();
    form.set("image", image, image instanceof File ? image.name : "photo");
    // One comma-separated field (the server reads text fields one value per name).
    form.set("providers", providers.join(","));
    form.set("promptId", String(promptId));
    return apiFetch<AiTestRunDto>("/admin/ai/test", { method: "POST", body: form });
  },
};
