"use client";

import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import { FormAlert } from "@/components/ui/form-field";
import { GenerationProgress } from "./generation-progress";
import { preloadMugScene } from "./mug-3d/mug-view";
import type { Editor } from "./use-editor";

export function GenerateStep({ editor }: { editor: Editor }) {
  const t = useTranslations("editor.generate");
  const tp = useTranslations("editor.personal");
  const { state, dispatch, generating, generate, prompt, resultIsStale, reattached, generationStartedAt } = editor;
  const { result, error, selectedImageId } = state.generation;
  const label = error ? t("retry") : result ? t("again") : t("button");

  // A new result takes the focus (its selected image), so keyboard and screen-reader users land on it.
  const firstChoice = useRef<HTMLInputElement>(null);
  const shownResult = useRef(result?.generationId ?? null);
  const resultId = result && !generating ? result.generationId : null;
  useEffect(() => {
    if (resultId !== null) preloadMugScene();
  }, [resultId]);
  useEffect(() => {
    if (resultId === null || resultId === shownResult.current) return;
    shownResult.current = resultId;
    firstChoice.current?.focus();
  }, [resultId]);

  return (
    <div className="space-y-4">
      <p className="text-stone-600">{t("intro", { style: prompt?.title ?? "" })}</p>
      {state.registration === "failed" && (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="registration-failed"
        >
          {tp("registrationFailed")}
        </p>
      )}
      <button type="button" className="btn-primary" onClick={generate} disabled={generating} data-testid="generate-button">
        {label}
      </button>
      {generating && generationStartedAt !== null && <GenerationProgress startedAt={generationStartedAt} reattached={reattached} />}
      {error && !generating && <FormAlert testId="generation-error">{error}</FormAlert>}
      {result && !generating && (
        <div className="space-y-3">
          {resultIsStale && (
            <p
              role="status"
              className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
              data-testid="result-stale"
            >
              {t("stale")}
            </p>
          )}
          <fieldset>
            <legend className="mb-2 font-medium">{t("resultsLabel")}</legend>
            <div className="grid grid-cols-2 gap-4 sm:grid-cols-3" data-testid="generated-images">
              {result.images.map((img, index) => {
                const selected = img.id === selectedImageId;
                return (
                  <label
                    key={img.id}
                    className={`cursor-pointer overflow-hidden rounded-lg border-2 bg-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                      selected ? "border-brand-600 shadow-md" : "border-stone-200 hover:border-stone-400"
                    }`}
                    data-testid="generated-image"
                    data-selected={selected}
                  >
                    <input
                      ref={selected ? firstChoice : undefined}
                      type="radio"
                      name="generated"
                      value={img.id}
                      checked={selected}
                      onChange={() => dispatch({ type: "selectImage", imageId: img.id })}
                      className="sr-only"
                      data-testid="generated-choice"
                    />
                    {/* eslint-disable-next-line @next/next/no-img-element -- generated images are served by our own API */}
                    <img
                      src={img.url}
                      alt={t("imageAlt", { number: index + 1 })}
                      width={img.width}
                      height={img.height}
                      className="w-full object-contain"
                    />
                  </label>
                );
              })}
            </div>
          </fieldset>
        </div>
      )}
    </div>
  );
}
