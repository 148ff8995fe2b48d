import type { AiProvider } from "@/db/schema";
import type { GenerationSettings } from "./types";

/** Which generation settings each adapter really sends, read off the adapters; "auto" background needs no support. */
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
