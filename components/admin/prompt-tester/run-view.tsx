"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useAdminMutation } from "@/components/ui/form/use-admin-mutation";
import { aiTestApi } from "@/lib/api-client/ai-test";
import type { AiTestRunDto } from "@/lib/schemas/ai-test";
import { ResultCard } from "./result-card";
import type { ModelChoice } from "./types";
import { useElapsedSeconds } from "./use-elapsed";

type Target = { id: number; title: string } | null;

export function RunningView({ models, since }: { models: ModelChoice[]; since: number }) {
  const t = useTranslations("promptTester");
  const seconds = useElapsedSeconds(since);
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" data-testid="tester-running">
      {models.map((m) => (
        <article key={m.id} className="overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm">
          <header className="border-b border-stone-100 px-4 py-2 font-medium">{m.displayName}</header>
          <div className="flex aspect-square animate-pulse items-center justify-center bg-stone-100">
            <span className="flex items-center gap-2 text-sm text-stone-600">
              <span className="h-4 w-4 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" aria-hidden="true" />
              {t("runningModel", { seconds })}
            </span>
          </div>
        </article>
      ))}
    </div>
  );
}

export function RunView({ run, fallbackTarget }: { run: AiTestRunDto; fallbackTarget: Target }) {
  const t = useTranslations("promptTester");
  const locale = useLocale();
  const target: Target = run.prompt ?? fallbackTarget;
  const date = new Date(run.createdAt).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
  const qualityLabel = t(`quality${cap(run.settings.quality)}` as "qualityLow");
  const backgroundLabel = t(`background${cap(run.settings.background)}` as "backgroundAuto");

  const example = useAdminMutation({
    mutationFn: (vars: { generationId: number; promptId: number }) => aiTestApi.useAsExample(run.id, vars.generationId, vars.promptId),
    success: () => t("exampleSet", { title: target?.title ?? "" }),
  });
  const texts = useAdminMutation({
    mutationFn: (promptId: number) => aiTestApi.saveTexts(run.id, promptId),
    success: () => t("textsSaved", { title: target?.title ?? "" }),
  });

  return (
    <section className="space-y-3" aria-labelledby={`run-${run.id}-heading`} data-testid="tester-run">
      <div className="flex flex-wrap items-start gap-3">
        {run.sourceImage && (
          // eslint-disable-next-line @next/next/no-img-element -- our own image route
          <img
            src={run.sourceImage.url}
            alt={t("photoAlt")}
            width={64}
            height={64}
            className="h-16 w-16 shrink-0 rounded border border-stone-200 object-cover"
          />
        )}
        <div className="min-w-0 flex-1 space-y-0.5 text-sm">
          <h3 id={`run-${run.id}-heading`} className="font-semibold">
            {t("runHeading", { id: run.id, date })}
          </h3>
          <p className="text-stone-600">{run.prompt ? t("withPrompt", { title: run.prompt.title }) : t("withoutPrompt")}</p>
          <p className="text-stone-600">
            {t("settingsSummary", { quality: qualityLabel, size: run.settings.size.replace("x", " × "), background: backgroundLabel })}
          </p>
        </div>
        {target ? (
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            <button
              type="button"
              className="btn-secondary"
              disabled={texts.isPending}
              onClick={() => texts.mutate(target.id)}
              data-testid="tester-save-texts"
            >
              {t("saveTexts", { title: target.title })}
            </button>
            <Link href={`/admin/prompts/${target.id}`} className="btn-secondary">
              {t("openPrompt")}
            </Link>
          </div>
        ) : (
          <p className="w-full text-xs text-stone-500 sm:w-auto sm:max-w-xs">{t("needsPrompt")}</p>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="tester-results">
        {run.results.map((result) => (
          <ResultCard
            key={result.generationId}
            result={result}
            actions={
              target && (
                <button
                  type="button"
                  className="btn-secondary w-full"
                  disabled={example.isPending}
                  onClick={() => example.mutate({ generationId: result.generationId, promptId: target.id })}
                  data-testid="tester-use-as-example"
                >
                  {t("useAsExample")}
                </button>
              )
            }
          />
        ))}
      </div>
    </section>
  );
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
