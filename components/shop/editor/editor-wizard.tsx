"use client";

import { useEffect, useRef, type ComponentType } from "react";
import { useTranslations } from "next-intl";
import type { MugDto, PublicPromptDto } from "@/lib/schemas/catalog";
import { lazyModule } from "@/lib/lazy-module";
import { lazyComponentOf } from "@/components/ui/lazy-component";
import { PHONE_SCREEN, useMediaQuery } from "@/components/ui/use-media-query";
import { LAST_STEP, STEPS, type StepId } from "./editor-state";
import { StartOver } from "./start-over";
import { StepIndicator } from "./step-indicator";
import { UploadStep } from "./upload-step";
import { useEditor, type Editor } from "./use-editor";

const laterSteps = lazyModule(() => import("./later-steps"));

function StepLoading() {
  const t = useTranslations("common");
  return (
    <p role="status" className="text-stone-600" data-testid="editor-step-loading">
      {t("loading")}
    </p>
  );
}

type StepBody = ComponentType<{ editor: Editor; shippingFromCents?: number | null }>;
const laterStep = (pick: (steps: typeof import("./later-steps")) => StepBody) => lazyComponentOf(laterSteps, pick, StepLoading);

const BODIES: Record<StepId, StepBody> = {
  upload: UploadStep,
  style: laterStep((steps) => steps.StyleStep),
  mug: laterStep((steps) => steps.MugStep),
  personal: laterStep((steps) => steps.PersonalStep),
  generate: laterStep((steps) => steps.GenerateStep),
  preview: laterStep((steps) => steps.PreviewStep),
};

// On a phone the last step's main action sits where "Next" is on the others: in reach at the foot of the screen.
const LastAction = laterStep((steps) => steps.AddToCart);

export function EditorWizard({
  initialMugs,
  initialPrompts,
  shippingFromCents = null,
}: {
  initialMugs: MugDto[];
  initialPrompts: PublicPromptDto[];
  /** One piece to the cheapest shipping zone, shown with the price. */
  shippingFromCents?: number | null;
}) {
  const t = useTranslations("editor");
  const editor = useEditor({ mugs: initialMugs, prompts: initialPrompts });
  const { state, valid, busy, hasWork } = editor;
  const id = STEPS[state.step] ?? "upload";
  const Body = BODIES[id];
  const canNext = !!valid[state.step] && !busy && editor.restorePhase !== "restoring";
  const restoring = editor.restorePhase === "restoring";
  const phone = useMediaQuery(PHONE_SCREEN);
  // The later steps' code comes while the user crops the photo (or while saved work is restored).
  useEffect(() => {
    if (hasWork) laterSteps.preload();
  }, [hasWork]);

  // Move focus to the new step's heading so keyboard and screen-reader users land in the right place.
  const heading = useRef<HTMLHeadingElement>(null);
  // Not when the saved work comes back on load: that is no move of the user's.
  const shownStep = useRef(state.step);
  const shownPhase = useRef(editor.restorePhase);
  useEffect(() => {
    const restored = shownPhase.current !== "ready";
    shownPhase.current = editor.restorePhase;
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    if (!restored) heading.current?.focus();
  }, [state.step, editor.restorePhase]);
  // After "start over" (once the dialog is gone: a modal dialog makes the page inert), back to the heading.
  const focusAfterReset = useRef(false);
  useEffect(() => {
    if (!focusAfterReset.current || hasWork) return;
    focusAfterReset.current = false;
    heading.current?.focus();
  }, [state, hasWork]);

  return (
    <div className="space-y-6" data-testid="editor" data-step={id} data-restore={editor.restorePhase}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold">{t("title")}</h1>
          {/* The introduction once, on the first step: on a phone it would push each step's content down. */}
          {state.step === 0 && (
            <p className="max-w-2xl text-stone-600" data-testid="editor-intro">
              {t("subtitle")}
            </p>
          )}
        </div>
        {hasWork && !restoring && (
          <StartOver
            onConfirm={async () => {
              focusAfterReset.current = true;
              await editor.startOver();
            }}
          />
        )}
      </header>
      <StepIndicator current={state.step} onGoTo={editor.goTo} disabled={busy} />
      <section aria-labelledby="editor-step-heading" className="card space-y-4">
        <div>
          <p className="hidden text-sm text-stone-500 sm:block">{t("stepOf", { current: state.step + 1, total: STEPS.length })}</p>
          <h2 id="editor-step-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
            {t(`steps.${id}`)}
          </h2>
        </div>
        {restoring ? (
          <p role="status" className="text-stone-600" data-testid="editor-restoring">
            {t("restoring")}
          </p>
        ) : (
          <Body editor={editor} shippingFromCents={shippingFromCents} />
        )}
      </section>
      <div className="step-actions" data-testid="editor-actions">
        <button
          type="button"
          className="btn-secondary mr-auto"
          onClick={editor.back}
          disabled={state.step === 0 || busy || restoring}
          data-testid="editor-back"
        >
          {t("back")}
        </button>
        {state.step === LAST_STEP && !restoring && phone && (
          <div className="text-right">
            <LastAction editor={editor} />
          </div>
        )}
        {state.step < LAST_STEP && !canNext && !busy && (
          // On a phone the hint takes a line of its own above Back and Next.
          <p
            id="editor-next-hint"
            className="text-xs text-stone-600 max-sm:order-first max-sm:basis-full sm:text-sm"
            data-testid="next-hint"
          >
            {t(`hints.${id === "preview" ? "generate" : id}`)}
          </p>
        )}
        {state.step < LAST_STEP && (
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
        )}
      </div>
    </div>
  );
}
