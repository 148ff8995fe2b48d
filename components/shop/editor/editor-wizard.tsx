"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { MugDto, PublicPromptDto } from "@/lib/schemas/catalog";
import { LAST_STEP, STEPS, type StepId } from "./editor-state";
import { GenerateStep } from "./generate-step";
import { MugStep } from "./mug-step";
import { PersonalStep } from "./personal-step";
import { PreviewStep } from "./preview-step";
import { StepIndicator } from "./step-indicator";
import { StyleStep } from "./style-step";
import { UploadStep } from "./upload-step";
import { useEditor, type Editor } from "./use-editor";

const BODIES: Record<StepId, (props: { editor: Editor }) => ReactNode> = {
  upload: UploadStep,
  style: StyleStep,
  mug: MugStep,
  personal: PersonalStep,
  generate: GenerateStep,
  preview: PreviewStep,
};

/** The editor wizard (spec section 2): six steps, Back/Next, Next only when the step is complete. */
export function EditorWizard({ initialMugs, initialPrompts }: { initialMugs: MugDto[]; initialPrompts: PublicPromptDto[] }) {
  const t = useTranslations("editor");
  const editor = useEditor({ mugs: initialMugs, prompts: initialPrompts });
  const { state, valid, busy } = editor;
  const id = STEPS[state.step] ?? "upload";
  const Body = BODIES[id];
  const canNext = !!valid[state.step] && !busy;

  // Move focus to the new step's heading so keyboard and screen-reader users land in the right place.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(state.step);
  useEffect(() => {
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    heading.current?.focus();
  }, [state.step]);

  return (
    <div className="space-y-6" data-testid="editor" data-step={id}>
      <header className="space-y-1">
        <h1 className="text-3xl font-bold">{t("title")}</h1>
        <p className="max-w-2xl text-stone-600">{t("subtitle")}</p>
      </header>
      <StepIndicator current={state.step} onGoTo={editor.goTo} disabled={busy} />
      <section aria-labelledby="editor-step-heading" className="card space-y-4">
        <div>
          <p className="text-sm text-stone-500">{t("stepOf", { current: state.step + 1, total: STEPS.length })}</p>
          <h2 id="editor-step-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
            {t(`steps.${id}`)}
          </h2>
        </div>
        <Body editor={editor} />
      </section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button type="button" className="btn-secondary" onClick={editor.back} disabled={state.step === 0 || busy} data-testid="editor-back">
          {t("back")}
        </button>
        {state.step < LAST_STEP && (
          <div className="flex flex-wrap items-center justify-end gap-3">
            {!canNext && !busy && (
              <p id="editor-next-hint" className="text-sm text-stone-600" data-testid="next-hint">
                {t(`hints.${id === "preview" ? "generate" : id}`)}
              </p>
            )}
            <button
              type="button"
              className="btn-primary"
              onClick={() => void editor.next()}
              disabled={!canNext}
              aria-describedby={canNext ? undefined : "editor-next-hint"}
              data-testid="editor-next"
            >
              {editor.registering ? t("personal.registering") : t("next")}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
