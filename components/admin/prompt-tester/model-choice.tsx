"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { RequiredMark } from "@/components/ui/form-field";
import type { ModelChoice } from "./types";

export function ModelChoiceField({
  models,
  selected,
  onChange,
  error,
}: {
  models: ModelChoice[];
  selected: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const t = useTranslations("promptTester");
  const toggle = (id: number, on: boolean) => onChange(on ? [...selected, id] : selected.filter((s) => s !== id));
  return (
    <fieldset aria-describedby={error ? "tester-models-error" : "tester-models-help"}>
      <legend className="label">
        {t("models")}
        <RequiredMark />
      </legend>
      <ul className="grid gap-2 sm:grid-cols-2" data-testid="tester-models">
        {models.map((m) => (
          <li key={m.id}>
            <label
              className={`flex items-start gap-2 rounded-md border px-3 py-2 text-sm ${selected.includes(m.id) ? "border-brand-500 bg-brand-50" : "border-stone-200 bg-white"} ${m.active ? "" : "opacity-60"}`}
            >
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4 accent-brand-600"
                checked={selected.includes(m.id)}
                disabled={!m.active}
                onChange={(e) => toggle(m.id, e.target.checked)}
                data-testid={`tester-model-${m.id}`}
              />
              <span className="min-w-0">
                <span className="block font-medium break-words text-stone-800">{m.displayName}</span>
                <span className="flex flex-wrap gap-1 pt-0.5">
                  {!m.active ? (
                    <Badge tone="stone">{t("inactive")}</Badge>
                  ) : m.offline ? (
                    <Badge tone="amber" title={m.provider === "offline" ? undefined : t("offlineHint")}>
                      {t("offline")}
                    </Badge>
                  ) : (
                    <Badge tone="green">{t("usable")}</Badge>
                  )}
                </span>
                {m.active && m.offline && m.provider !== "offline" && (
                  <span className="block pt-0.5 text-xs text-stone-500">{t("offlineHint")}</span>
                )}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p id="tester-models-error" className="field-error">
          {error}
        </p>
      ) : (
        <p id="tester-models-help" className="mt-1 text-xs text-stone-500">
          {t("modelsHelp")}
        </p>
      )}
    </fieldset>
  );
}

const TONES = {
  green: "bg-green-100 text-green-800",
  amber: "bg-amber-100 text-amber-800",
  stone: "bg-stone-100 text-stone-700",
  red: "bg-red-100 text-red-800",
} as const;

export function Badge({ tone, title, children }: { tone: keyof typeof TONES; title?: string; children: ReactNode }) {
  return (
    <span title={title} className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}>
      {children}
    </span>
  );
}
