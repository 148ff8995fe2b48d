import type { AiProvider } from "@/db/schema";
import type { GenerationSettings } from "./types";

/**
 * Which generation settings (spec section 3) each adapter really sends, read off the adapters:
 * - openai (providers.ts createOpenAIAdapter): `size`, and `quality` and `background` as provider options;
 * - google (createGoogleAdapter): only the size, as an aspect ratio (1:1, 2:3, 3:2); no quality, no background;
 * - flux (createFluxAdapter): only the size, as an aspect ratio; no quality, no background;
 * - offline (offline.ts): the size's long side only (the photo keeps its own aspect ratio), so the
 *   size is not honoured as asked; no quality, no background (always an opaque JPEG).
 * A background of "auto" asks for nothing and needs no support.
 */
export type TestSetting = "quality" | "size" | "background";

export const HONOURED_SETTINGS: Record<AiProvider, readonly TestSetting[]> = {
  openai: ["quality", "size", "background"],
  google: ["size"],
  flux: ["size"],
  offline: [],
};

/** The settings of a request that this provider cannot honour (reported to the admin, not silently dropped). */
export function unsupportedSettings(provider: AiProvider, settings: GenerationSettings): TestSetting[] {
  const honoured = HONOURED_SETTINGS[provider];
  const asked: TestSetting[] = [];
  if (settings.quality) asked.push("quality");
  if (settings.size) asked.push("size");
  if (settings.background && settings.background !== "auto") asked.push("background");
  return asked.filter((s) => !honoured.includes(s));
}
