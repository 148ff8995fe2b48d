"use client";

import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { aiTestQueries } from "@/lib/api-client/ai-test";
import type { AiTestRunDto, AiTestRunPageDto } from "@/lib/schemas/ai-test";
import { HISTORY_PAGE_SIZE } from "./types";

export function RunHistory({
  initial,
  currentId,
  onOpen,
}: {
  initial: AiTestRunPageDto;
  currentId: number | null;
  onOpen: (run: AiTestRunDto) => void;
}) {
  const t = useTranslations("promptTester");
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const { data } = useQuery({
    ...aiTestQueries.runs(page, HISTORY_PAGE_SIZE),
    initialData: page === 1 ? initial : undefined,
    placeholderData: keepPreviousData,
  });
  const runs = data?.items ?? [];
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / HISTORY_PAGE_SIZE));
  return (
    <section className="space-y-3" aria-labelledby="tester-history-heading">
      <h2 id="tester-history-heading" className="text-lg font-semibold">
        {t("history")}
      </h2>
      {runs.length === 0 ? (
        <p className="card text-sm text-stone-600">{t("historyEmpty")}</p>
      ) : (
        <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white" data-testid="tester-history">
          {runs.map((run) => {
            const ok = run.results.filter((r) => r.status === "SUCCEEDED").length;
            return (
              <li key={run.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                <div className="flex shrink-0 -space-x-3">
                  {run.results
                    .flatMap((r) => r.images.slice(0, 1))
                    .slice(0, 3)
                    .map((img) => (
                      // eslint-disable-next-line @next/next/no-img-element -- our own image route; a small lazy thumbnail
                      <img
                        key={img.id}
                        src={img.url}
                        alt=""
                        width={40}
                        height={40}
                        loading="lazy"
                        className="h-10 w-10 rounded border-2 border-white object-cover"
                      />
                    ))}
                </div>
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    #{run.id} · {new Date(run.createdAt).toLocaleString(locale, { dateStyle: "short", timeStyle: "short" })}
                  </p>
                  <p className="truncate text-stone-600">
                    {run.prompt ? t("withPrompt", { title: run.prompt.title }) : t("withoutPrompt")} ·{" "}
                    {t("resultsSummary", { ok, total: run.results.length })}
                  </p>
                </div>
                {currentId === run.id ? (
                  <span className="text-xs text-stone-500">{t("current")}</span>
                ) : (
                  <button
                    type="button"
                    className="btn-secondary"
                    onClick={() => onOpen(run)}
                    aria-label={t("reopenLabel", { id: run.id })}
                    data-testid={`tester-open-${run.id}`}
                  >
                    {t("reopen")}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {pages > 1 && (
        <nav className="flex items-center justify-between gap-2 text-sm" aria-label={t("history")}>
          <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t("previous")}
          </button>
          <span className="text-stone-600">{t("pageOf", { page, pages })}</span>
          <button type="button" className="btn-secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t("next")}
          </button>
        </nav>
      )}
    </section>
  );
}
