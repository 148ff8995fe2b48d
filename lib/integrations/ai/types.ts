import type { AiProvider } from "@/db/schema";

export interface GenerationSettings {
  quality?: "low" | "medium" | "high";
  size?: "1024x1024" | "1024x1536" | "1536x1024";
  background?: "auto" | "opaque" | "transparent";
  n?: number;
}

export interface GenerateRequest {
  model: { provider: AiProvider; modelId: string };
  image: { data: Buffer; mimeType: string };
  prompt: string;
  settings: GenerationSettings;
  signal: AbortSignal;
}

export interface GeneratedImage {
  data: Buffer;
  mimeType: string;
}

export interface GenerateResult {
  images: GeneratedImage[];
  provider: AiProvider;
  modelId: string;
  costMicroCents: number;
}

export interface ImageModelAdapter {
  readonly provider: AiProvider;
  readonly usable: boolean;
  generate(req: GenerateRequest): Promise<GenerateResult>;
}

export type GenerationFailure = "failed" | "timeout" | "invalid";

export class GenerationError extends Error {
  constructor(
    readonly kind: GenerationFailure,
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
    this.name = "GenerationError";
  }
}
