"use client";

import { useTranslations } from "next-intl";
import { STEPS } from "./editor-state";

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
            <span key={id} className={index <= current ? "step-bar-on" : "step-bar"} />
          ))}
        </div>
      </div>
      <ol className="hidden flex-wrap gap-2 sm:flex" data-testid="editor-steps">
        {STEPS.map((id, index) => {
          const state = index < current ? "done" : index === current ? "current" : "upcoming";
          const label = (
            <>
              <span aria-hidden className={state === "upcoming" ? "step-num" : "step-num-on"}>
                {state === "done" ? "✓" : index + 1}
              </span>
              <span>{t(`steps.${id}`)}</span>
            </>
          );
          return (
            <li key={id} aria-current={state === "current" ? "step" : undefined}>
              {state === "done" ? (
                <button type="button" className="step-done" onClick={() => onGoTo(index)} disabled={disabled}>
                  {label}
                </button>
              ) : (
                <span className={state === "current" ? "step-now" : "step"}>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
