"use client";

import { useLocale, useTranslations } from "next-intl";
import type { AiTestResultDto } from "@/lib/schemas/ai-test";
import { formatCost, formatDuration } from "./prompt-form-model";

const KNOWN_SETTINGS = ["quality", "size", "background"] as const;
const isKnownSetting = (name: string): name is (typeof KNOWN_SETTINGS)[number] => (KNOWN_SETTINGS as readonly string[]).includes(name);

export function TestResultCard({ result }: { result: AiTestResultDto }) {
  const t = useTranslations("prompts.test");
  const locale = useLocale();
  const ok = result.status === "SUCCEEDED";
  return (
    <article
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3"
      data-testid="prompt-test-result"
      data-status={result.status}
      data-model={result.displayName}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 truncate font-semibold text-stone-800" title={`${result.provider} · ${result.model}`}>
          {result.displayName}
        </h3>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${ok ? "bg-green-100 text-green-800" : "bg-red-100 text-red-800"}`}>
          {ok ? t("succeeded") : t("failed")}
        </span>
      </header>
      {result.offline && <p className="rounded bg-amber-50 px-2 py-1 text-xs text-amber-800">{t("offline")}</p>}
      {ok &&
        result.images.map((image) => (
          <a
            key={image.id}
            href={image.url}
            target="_blank"
            rel="noreferrer"
            className="block overflow-hidden rounded-md border border-stone-200 bg-stone-50"
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- our own image route */}
            <img
              src={image.url}
              alt={t("resultAlt", { model: result.displayName })}
              width={image.width}
              height={image.height}
              className="h-auto w-full"
            />
          </a>
        ))}
      {result.error && (
        <p className="field-error" role="alert" data-testid="prompt-test-error">
          {result.error}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-500">{t("duration")}</dt>
        <dd className="text-right tabular-nums" data-testid="prompt-test-duration">
          {result.durationMs === null ? "–" : formatDuration(result.durationMs, locale)}
        </dd>
        <dt className="text-stone-500">{t("cost")}</dt>
        <dd className="text-right tabular-nums" data-testid="prompt-test-cost">
          {result.costCents === null ? "–" : formatCost(result.costCents, locale)}
        </dd>
      </dl>
      {result.unsupportedSettings.length > 0 && (
        <p className="text-xs text-amber-800" data-testid="prompt-test-unsupported">
          {t("unsupported", {
            settings: result.unsupportedSettings.map((name) => (isKnownSetting(name) ? t(`settings.${name}`) : name)).join(", "),
          })}
        </p>
      )}
      <details className="text-xs">
        <summary className="cursor-pointer text-stone-600">{t("sentText")}</summary>
        <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-words rounded bg-stone-100 p-2 font-mono">
          {result.promptText}
        </pre>
      </details>
    </article>
  );
}
