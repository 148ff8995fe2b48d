"use client";

import { useTransition } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { LOCALES, type Locale } from "@/lib/i18n/config";
import { saveLocale } from "./locale-sync";

export function LanguageSwitch() {
  const t = useTranslations("common");
  const locale = useLocale();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, startTransition] = useTransition();
  const labels: Record<Locale, string> = { de: t("german"), en: t("english") };

  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">{t("language")}</span>
      <select
        aria-label={t("language")}
        data-testid="language-switch"
        className="rounded-md border border-stone-300 bg-white px-2 py-1 text-sm"
        value={locale}
        disabled={pending}
        onChange={(e) => {
          const next = e.target.value as Locale;
          saveLocale(next);
          document.documentElement.lang = next;
          startTransition(() => router.refresh());
          // Answers carry names in the caller's language (cart lines, mugs): load them again.
          void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== "session" });
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {labels[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
