"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";

/** The elapsed seconds survive a reload because the start comes from the job. */
export function GenerationProgress({ startedAt, reattached = false }: { startedAt: number; reattached?: boolean }) {
  const t = useTranslations("editor.generate");
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - startedAt) / 1000));

  return (
    <div className="space-y-2 rounded-lg border border-stone-200 bg-white p-4" data-testid="generation-progress">
      <div className="flex items-center justify-between text-sm font-medium">
        <span id="generation-progress-label">{t("running")}</span>
        <span className="tabular-nums text-stone-600" data-testid="generation-elapsed">
          {t("elapsed", { seconds })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="generation-progress-label"
        aria-busy="true"
        className="relative h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <span className="absolute inset-y-0 left-0 w-1/3 animate-[editor-progress_1.4s_ease-in-out_infinite] rounded-full bg-brand-600" />
      </div>
      {reattached && (
        <p className="text-sm text-stone-700" data-testid="generation-reattached">
          {t("reattached")}
        </p>
      )}
      <p className="text-sm text-stone-600">{t("patience")}</p>
      <style href="editor-progress" precedence="default">
        {"@keyframes editor-progress{0%{transform:translateX(-100%)}100%{transform:translateX(300%)}}"}
      </style>
    </div>
  );
}
