import type { AiProvider } from "@/db/schema";

/** Generation settings of spec section 3 (passed to providers that support them). */
export interface GenerationSettings {
  quality?: "low" | "medium" | "high";
  size?: "1024x1024" | "1024x1536" | "1536x1024";
  background?: "auto" | "opaque" | "transparent";
  n?: number;
}

export interface GenerateRequest {
  model: { provider: AiProvider; modelId: string };
  image: { data: Buffer; mimeType: string };
  /** The assembled prompt text (style text + slot variants + master/specific prompt). */
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
  /** Which provider/model really answered (the offline provider when no key is configured). */
  provider: AiProvider;
  modelId: string;
  /** Estimated cost in micro-cents (1e-6 cents), 0 offline. */
  costMicroCents: number;
}

/** One image model behind one interface; tests point the real SDK code at local fake servers. */
export interface ImageModelAdapter {
  readonly provider: AiProvider;
  readonly usable: boolean;
  generate(req: GenerateRequest): Promise<GenerateResult>;
}

/** Failure kinds mapped to the spec's messages: failed to generate / timed out / invalid response. */
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
