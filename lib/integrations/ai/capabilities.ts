import type { AiProvider } from "@/db/schema";
import type { GenerationSettings } from "./types";

export type TestSetting = "quality" | "size" | "background";

export const HONOURED_SETTINGS: Record<AiProvider, readonly TestSetting[]> = {
  openai: ["quality", "size", "background"],
  google: ["size"],
  flux: ["size"],
  offline: [],
};

export function unsupportedSettings(provider: AiProvider, settings: GenerationSettings): TestSetting[] {
  const honoured = HONOURED_SETTINGS[provider];
  const asked: TestSetting[] = [];
  if (settings.quality) asked.push("quality");
  if (settings.size) asked.push("size");
  if (settings.background && settings.background !== "auto") asked.push("background");
  return asked.filter((s) => !honoured.includes(s));
}
