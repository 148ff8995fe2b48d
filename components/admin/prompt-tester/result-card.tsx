"use client";

import type { ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { AiTestResultDto } from "@/lib/schemas/ai-test";
import { Badge } from "./model-choice";

const SETTING_KEYS = { quality: "settingQuality", size: "settingSize", background: "settingBackground" } as const;

export function ResultCard({ result, actions }: { result: AiTestResultDto; actions?: ReactNode }) {
  const t = useTranslations("promptTester");
  const locale = useLocale();
  const image = result.images[0];
  const seconds = result.durationMs === null ? null : (result.durationMs / 1000).toLocaleString(locale, { maximumFractionDigits: 1 });
  const cost =
    result.costCents === null
      ? null
      : result.offline || result.costCents === 0
        ? t("costOffline")
        : new Intl.NumberFormat(locale, { style: "currency", currency: "EUR", minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(
            result.costCents / 100,
          );
  const unsupported = result.unsupportedSettings.map((s) => (s in SETTING_KEYS ? t(SETTING_KEYS[s as keyof typeof SETTING_KEYS]) : s));
  return (
    <article
      className="flex min-w-0 flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm"
      data-testid={`tester-result-${result.generationId}`}
    >
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-100 px-4 py-2">
        <h3 className="min-w-0 font-medium break-words">{result.displayName}</h3>
        <span className="flex flex-wrap gap-1">
          {result.offline && <Badge tone="amber">{t("offline")}</Badge>}
          {result.status === "SUCCEEDED" ? (
            <Badge tone="green">{t("statusSucceeded")}</Badge>
          ) : result.status === "FAILED" ? (
            <Badge tone="red">{t("statusFailed")}</Badge>
          ) : (
            <Badge tone="stone">{t("statusPending")}</Badge>
          )}
        </span>
      </header>
      <div className="flex aspect-square items-center justify-center bg-stone-100">
        {image ? (
          <a href={image.url} target="_blank" rel="noreferrer" title={t("openImage")} className="block h-full w-full">
            {/* eslint-disable-next-line @next/next/no-img-element -- our own image route, any size */}
            <img
              src={image.url}
              alt={t("imageAlt", { model: result.displayName })}
              width={image.width}
              height={image.height}
              className="h-full w-full object-contain"
            />
          </a>
        ) : (
          <p role="alert" className="m-4 rounded-md bg-red-50 px-3 py-2 text-center text-sm text-red-700" data-testid="tester-result-error">
            {result.error ?? t("statusPending")}
          </p>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 px-4 py-3 text-sm">
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
          <dt className="text-stone-500">{t("duration")}</dt>
          <dd className="tabular-nums">{seconds === null ? "–" : t("durationValue", { seconds })}</dd>
          <dt className="text-stone-500">{t("cost")}</dt>
          <dd className="tabular-nums">{cost ?? "–"}</dd>
        </dl>
        {unsupported.length > 0 && (
          <p className="rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-800" data-testid="tester-result-unsupported">
            {t("unsupported", { settings: unsupported.join(", ") })}
          </p>
        )}
        <details className="text-xs text-stone-600">
          <summary className="cursor-pointer select-none">{t("promptSent")}</summary>
          <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-words rounded bg-stone-50 p-2 font-sans">
            {result.promptText}
          </pre>
        </details>
        {image && actions && <div className="mt-auto flex flex-wrap gap-2 pt-1">{actions}</div>}
      </div>
    </article>
  );
}
