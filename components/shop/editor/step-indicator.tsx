"use client";

import { useTranslations } from "next-intl";
import { STEPS } from "./editor-state";

/**
 * The steps as an ordered list; earlier steps can be revisited by clicking them. On a phone the list
 * folds into one line ("Step 3 of 6: Choose mug") over a segmented progress bar, so the current step is
 * visible without scrolling; the Back button goes to earlier steps there.
 */
export function StepIndicator({ current, onGoTo, disabled }: { current: number; onGoTo: (step: number) => void; disabled: boolean }) {
  const t = useTranslations("editor");
  const currentId = STEPS[current] ?? STEPS[0];
  return (
    <nav aria-label={t("stepsLabel")}>
      <div className="space-y-2 sm:hidden" data-testid="editor-steps-compact">
        <p className="text-sm font-medium text-stone-800">
          {t("stepProgress", { current: current + 1, total: STEPS.length, name: t(`steps.${currentId}`) })}
        </p>
        <div aria-hidden className="flex gap-1">
          {STEPS.map((id, index) => (
            <span key={id} className={`h-1.5 flex-1 rounded-full ${index <= current ? "bg-brand-600" : "bg-stone-200"}`} />
          ))}
        </div>
      </div>
      <ol className="hidden flex-wrap gap-2 sm:flex" data-testid="editor-steps">
        {STEPS.map((id, index) => {
          const state = index < current ? "done" : index === current ? "current" : "upcoming";
          const label = (
            <>
              <span
                aria-hidden
                className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                  state === "upcoming" ? "bg-stone-200 text-stone-700" : "bg-brand-600 text-white"
                }`}
              >
                {state === "done" ? "✓" : index + 1}
              </span>
              <span>{t(`steps.${id}`)}</span>
            </>
          );
          const base = "flex items-center gap-2 rounded-full px-3 py-1.5 text-sm";
          return (
            <li key={id} aria-current={state === "current" ? "step" : undefined}>
              {state === "done" ? (
                <button type="button" className={`${base} text-stone-700 hover:bg-stone-100 disabled:opacity-60`} onClick={() => onGoTo(index)} disabled={disabled}>
                  {label}
                </button>
              ) : (
                <span className={`${base} ${state === "current" ? "bg-brand-50 font-semibold text-brand-700" : "text-stone-600"}`}>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
