import "server-only";
import sharp from "sharp";
import { generateImage, type GenerateImageResult, type ImageModel } from "ai";
import { createOpenAI } from "@ai-sdk/openai";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createBlackForestLabs } from "@ai-sdk/black-forest-labs";
import type { AiProvider } from "@/db/schema";
import { MAX_INPUT_PIXELS, sniffImageType } from "@/lib/integrations/images/intake";
import { toGenerationError } from "./errors";
import {
  GenerationError,
  type GenerateRequest,
  type GenerateResult,
  type GeneratedImage,
  type GenerationSettings,
  type ImageModelAdapter,
} from "./types";

export interface ProviderConfig {
  apiKey?: string;
  baseURL?: string;
}

/** A failed first attempt plus one more is the most a click can bill. */
export const MAX_RETRIES = 1;

type Size = NonNullable<GenerationSettings["size"]>;
type AspectRatio = `${number}:${number}`;

const ASPECT_RATIOS: Record<Size, AspectRatio> = {
  "1024x1024": "1:1",
  "1024x1536": "2:3",
  "1536x1024": "3:2",
};

function imageCount(settings: GenerationSettings): number {
  return Math.min(4, Math.max(1, Math.floor(settings.n ?? 1)));
}

export async function verifyImage(bytes: Uint8Array): Promise<GeneratedImage> {
  const type = sniffImageType(bytes);
  if (!type) throw new GenerationError("invalid", "the provider's answer is not an image");
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    // A small decode of the whole picture: a truncated or corrupt file fails here, not later.
    await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" }).resize(32, 32, { fit: "inside" }).raw().toBuffer();
  } catch (err) {
    throw new GenerationError("invalid", "the provider's image cannot be decoded", err);
  }
  return { data, mimeType: `image/${type}` };
}

interface CallOptions {
  size?: Size;
  aspectRatio?: AspectRatio;
  providerOptions?: Parameters<typeof generateImage>[0]["providerOptions"];
  maxImagesPerCall?: number;
}

async function callModel(
  model: ImageModel,
  req: GenerateRequest,
  opts: CallOptions,
): Promise<{ result: GenerateImageResult; images: GeneratedImage[] }> {
  let result: GenerateImageResult;
  try {
    result = await generateImage({
      model,
      prompt: { text: req.prompt, images: [req.image.data] },
      n: imageCount(req.settings),
      size: opts.size,
      aspectRatio: opts.aspectRatio,
      providerOptions: opts.providerOptions,
      maxImagesPerCall: opts.maxImagesPerCall,
      maxRetries: MAX_RETRIES,
      abortSignal: req.signal,
    });
  } catch (err) {
    throw toGenerationError(err, req.signal);
  }
  if (result.images.length === 0) throw new GenerationError("invalid", "the provider answered without an image");
  const images = await Promise.all(result.images.map((file) => verifyImage(file.uint8Array)));
  return { result, images };
}

/* List prices in micro-cents (USD taken as EUR); a cost the provider reports replaces them. */
const MICRO_CENTS_PER_DOLLAR = 100 * 1_000_000;
const dollars = (usd: number) => Math.round(usd * MICRO_CENTS_PER_DOLLAR);

const OPENAI_IMAGE_PRICE: Record<"low" | "medium" | "high", { square: number; wide: number }> = {
  low: { square: 0.011, wide: 0.016 },
  medium: { square: 0.042, wide: 0.063 },
  high: { square: 0.167, wide: 0.25 },
};

export function estimateOpenAICost(
  settings: GenerationSettings,
  images: number,
  usage?: { inputTokens?: number; outputTokens?: number },
): number {
  if (usage?.inputTokens !== undefined && usage.outputTokens !== undefined) {
    return dollars((usage.inputTokens * 10 + usage.outputTokens * 40) / 1_000_000);
  }
  const price = OPENAI_IMAGE_PRICE[settings.quality ?? "high"];
  const perImage = !settings.size || settings.size === "1024x1024" ? price.square : price.wide;
  return dollars(perImage * images);
}

export function estimateGoogleCost(images: number, usage?: { inputTokens?: number; outputTokens?: number }): number {
  if (usage?.outputTokens !== undefined) return dollars((usage.outputTokens * 30 + (usage.inputTokens ?? 0) * 0.3) / 1_000_000);
  return dollars(0.039 * images);
}

export function estimateFluxCost(images: number, reportedCredits?: number): number {
  if (reportedCredits !== undefined) return dollars(reportedCredits * 0.01);
  return dollars(0.04 * images);
}

function fluxCredits(result: GenerateImageResult): number | undefined {
  const meta: unknown = result.providerMetadata.blackForestLabs;
  if (!meta || typeof meta !== "object" || !("images" in meta) || !Array.isArray(meta.images)) return undefined;
  let total = 0;
  let seen = false;
  for (const entry of meta.images as unknown[]) {
    if (entry && typeof entry === "object" && "cost" in entry && typeof entry.cost === "number") {
      total += entry.cost;
      seen = true;
    }
  }
  return seen ? total : undefined;
}

function usageOf(result: GenerateImageResult): { inputTokens?: number; outputTokens?: number } | undefined {
  const { inputTokens, outputTokens } = result.usage;
  return inputTokens === undefined && outputTokens === undefined ? undefined : { inputTokens, outputTokens };
}

function adapter(
  provider: AiProvider,
  config: ProviderConfig,
  generate: (req: GenerateRequest) => Promise<GenerateResult>,
): ImageModelAdapter {
  return { provider, usable: Boolean(config.apiKey), generate };
}

export function createOpenAIAdapter(config: ProviderConfig): ImageModelAdapter {
  const openai = createOpenAI({ apiKey: config.apiKey, baseURL: config.baseURL });
  return adapter("openai", config, async (req) => {
    const { settings } = req;
    const { result, images } = await callModel(openai.image(req.model.modelId), req, {
      size: settings.size,
      providerOptions: {
        openai: { ...(settings.quality && { quality: settings.quality }), ...(settings.background && { background: settings.background }) },
      },
    });
    return {
      images,
      provider: "openai",
      modelId: req.model.modelId,
      costMicroCents: estimateOpenAICost(settings, images.length, usageOf(result)),
    };
  });
}

export function createGoogleAdapter(config: ProviderConfig): ImageModelAdapter {
  const google = createGoogleGenerativeAI({ apiKey: config.apiKey, baseURL: config.baseURL });
  return adapter("google", config, async (req) => {
    const { settings } = req;
    const { result, images } = await callModel(google.image(req.model.modelId), req, {
      aspectRatio: settings.size ? ASPECT_RATIOS[settings.size] : undefined,
      maxImagesPerCall: 1,
    });
    return { images, provider: "google", modelId: req.model.modelId, costMicroCents: estimateGoogleCost(images.length, usageOf(result)) };
  });
}

export function createFluxAdapter(config: ProviderConfig & { pollIntervalMillis?: number; pollTimeoutMillis?: number }): ImageModelAdapter {
  const bfl = createBlackForestLabs({
    apiKey: config.apiKey,
    baseURL: config.baseURL,
    pollIntervalMillis: config.pollIntervalMillis,
    pollTimeoutMillis: config.pollTimeoutMillis,
  });
  return adapter("flux", config, async (req) => {
    const { settings } = req;
    const { result, images } = await callModel(bfl.image(req.model.modelId), req, {
      aspectRatio: settings.size ? ASPECT_RATIOS[settings.size] : undefined,
    });
    return { images, provider: "flux", modelId: req.model.modelId, costMicroCents: estimateFluxCost(images.length, fluxCredits(result)) };
  });
}

export function estimateCostBeforeCall(provider: AiProvider, settings: GenerationSettings): number {
  const images = settings.n ?? 1;
  switch (provider) {
    case "openai":
      return estimateOpenAICost(settings, images);
    case "google":
      return estimateGoogleCost(images);
    case "flux":
      return estimateFluxCost(images);
    case "offline":
      return 0;
  }
}
