import { queryOptions } from "@tanstack/react-query";
import { apiFetch, HttpError } from "@/lib/api-client/fetcher";
import type { Locale } from "@/lib/i18n/config";
import type { SessionResponse } from "@/lib/schemas/auth";
import type { MugDto, PublicPromptDto } from "@/lib/schemas/catalog";
import type { GenerateResponse, GenerationJobResponse } from "@/lib/schemas/images";
import { editorSchemas } from "./lazy-editor-schemas";

export const editorQueries = {
  /** Per language: names and descriptions come localized, so a language switch reads the list again. */
  mugs: (locale: Locale) =>
    queryOptions({
      queryKey: ["catalog", "mugs", locale],
      queryFn: ({ signal }) => apiFetch<MugDto[]>(`/mugs?locale=${locale}`, { signal }),
    }),
  /** Per language too: titles and descriptions come localized. */
  prompts: (locale: Locale) =>
    queryOptions({
      queryKey: ["catalog", "prompts", locale],
      queryFn: ({ signal }) => apiFetch<PublicPromptDto[]>(`/prompts?locale=${locale}`, { signal }),
    }),
};

export function isSignedInCustomer(session: SessionResponse | undefined): boolean {
  return !!session?.authenticated && (session.roles.includes("customer") || session.roles.includes("admin"));
}

export interface GuestRegistration {
  email: string;
  phone: string | null;
  firstName: string;
  lastName: string;
}

export function registerGuest(data: GuestRegistration) {
  return apiFetch<SessionResponse>("/auth/register", {
    method: "POST",
    body: { ...data, guest: true },
    redirectOnAuthError: false,
  });
}

export class InvalidGenerateResponse extends Error {
  constructor() {
    super("invalid generate response");
    this.name = "InvalidGenerateResponse";
  }
}

/** The photo is already cropped in the browser; a 401/403 shows "session expired" instead of leaving the page. */
export async function generateImages(input: {
  asUser: boolean;
  /** The job's id (a random UUID): a reloaded page asks for the job by it. */
  jobId: string;
  image: Blob;
  width: number;
  height: number;
  promptId: number;
  mugId: number;
  signal?: AbortSignal;
}): Promise<GenerateResponse> {
  const form = new FormData();
  form.set("image", input.image, "photo.jpg");
  form.set("promptId", String(input.promptId));
  form.set("mugId", String(input.mugId));
  form.set("jobId", input.jobId);
  form.set("x", "0");
  form.set("y", "0");
  form.set("width", String(input.width));
  form.set("height", String(input.height));
  const path = input.asUser ? "/user/ai/images/generate" : "/public/images/generate";
  const [answer, { generateResponse }] = await Promise.all([
    apiFetch<unknown>(path, { method: "POST", body: form, signal: input.signal, redirectOnAuthError: false }),
    editorSchemas.load(),
  ]);
  const parsed = generateResponse.safeParse(answer);
  if (!parsed.success || parsed.data.images.length === 0) throw new InvalidGenerateResponse();
  return parsed.data;
}

export async function fetchGenerationJob(jobId: string, signal?: AbortSignal): Promise<GenerationJobResponse> {
  const [answer, { generationJobResponse }] = await Promise.all([
    apiFetch<unknown>(`/generations/${encodeURIComponent(jobId)}`, { signal, redirectOnAuthError: false }),
    editorSchemas.load(),
  ]);
  const parsed = generationJobResponse.safeParse(answer);
  if (!parsed.success) throw new InvalidGenerateResponse();
  return parsed.data;
}

export function newJobId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type GenerationErrorKey = "rateLimitUser" | "rateLimitGuest" | "sessionExpired" | "timeout" | "invalidResponse" | "failed";

export function generationErrorKey(err: unknown, asUser: boolean): GenerationErrorKey | null {
  if (err instanceof InvalidGenerateResponse) return "invalidResponse";
  if (!(err instanceof HttpError)) return "failed";
  if (err.status === 429) return asUser ? "rateLimitUser" : "rateLimitGuest";
  if (err.status === 401 || err.status === 403) return "sessionExpired";
  if (err.status === 504) return "timeout";
  // 502: the server says whether the provider failed or answered with something unusable.
  if (err.status === 502) return null;
  if (err.status >= 500) return "failed";
  return null;
}
