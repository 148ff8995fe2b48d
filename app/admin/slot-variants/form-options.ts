import "server-only";
import { getTranslations } from "next-intl/server";
import { listModels } from "@/lib/integrations/ai/registry";
import { listSlotTypes } from "@/lib/services/slots";
import type { SelectOption } from "@/components/ui/form-field";

/** Offers the variant's own AI model even when it is inactive. */
export async function slotVariantFormOptions(currentLlmId?: number): Promise<{ slotTypes: SelectOption[]; llms: SelectOption[] }> {
  const [types, models, t] = await Promise.all([listSlotTypes(), listModels(), getTranslations("slots")]);
  return {
    slotTypes: types.map((x) => ({ value: String(x.id), label: x.name })),
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
