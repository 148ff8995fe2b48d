import "server-only";
import { getLocale } from "next-intl/server";
import { shopLocale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";
import { listModels } from "@/lib/integrations/ai/registry";
import { listPromptCategories } from "@/lib/services/prompt-categories";
import { nextPromptNumber } from "@/lib/services/prompts";
import { listSlotTypes, listSlotVariants } from "@/lib/services/slots";
import type { PromptFormOptions } from "@/components/admin/prompts/prompt-form-model";

export async function loadPromptFormOptions(): Promise<PromptFormOptions> {
  const raw = await getLocale();
  const locale = shopLocale(raw);
  const [categories, llms, slotTypes, slotVariants, promptNumber] = await Promise.all([
    listPromptCategories(locale),
    listModels(),
    listSlotTypes(),
    listSlotVariants({}, locale),
    nextPromptNumber(),
  ]);
  return {
    nextPromptNumber: promptNumber,
    categories: categories.map((c) => ({
      id: c.id,
      name: localized(locale, c.name, c.nameDe),
      subcategories: c.subcategories.map((s) => ({ id: s.id, name: localized(locale, s.name, s.nameDe) })),
    })),
    llms: llms.map((m) => ({ id: m.id, displayName: m.displayName, provider: m.provider, active: m.active, offline: m.offline })),
    slotTypes: [...slotTypes]
      .sort((a, b) => a.position - b.position)
      .map((s) => ({ id: s.id, name: localized(locale, s.name, s.nameDe), position: s.position })),
    slotVariants: slotVariants.map((v) => ({
      id: v.id,
      name: v.name,
      slotTypeId: v.slotType.id,
      prompt: v.prompt,
      description: v.description,
    })),
  };
}
