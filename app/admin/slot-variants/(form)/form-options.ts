import "server-only";
import { getLocale, getTranslations } from "next-intl/server";
import { shopLocale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";
import { listModels } from "@/lib/integrations/ai/registry";
import { listSlotTypes } from "@/lib/services/slots";
import type { SelectOption } from "@/components/ui/form-field";

/** Offers the variant's own AI model even when it is inactive. */
export async function slotVariantFormOptions(currentLlmId?: number): Promise<{ slotTypes: SelectOption[]; llms: SelectOption[] }> {
  const [types, models, t, locale] = await Promise.all([listSlotTypes(), listModels(), getTranslations("slots"), getLocale()]);
  return {
    slotTypes: types.map((x) => ({ value: String(x.id), label: localized(shopLocale(locale), x.name, x.nameDe) })),
    llms: models
      .filter((m) => m.active || m.id === currentLlmId)
      .map((m) => ({
        value: String(m.id),
        label: !m.active
          ? t("llmInactive", { name: m.displayName })
          : m.provider !== "offline" && m.offline
            ? t("llmOffline", { name: m.displayName })
            : m.displayName,
      })),
  };
}
