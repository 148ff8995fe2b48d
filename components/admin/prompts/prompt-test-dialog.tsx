"use client";

import { fitForUpload } from "@/components/shop/editor/image-file";
import { RequiredMark } from "@/components/ui/form-field";
import { FileButton } from "@/components/ui/file-button";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { aiTestApi } from "@/lib/api-client/prompts";
import { PHOTO_TYPES } from "@/lib/domain/photo-limits";
import { Dialog } from "@/components/ui/dialog";
import { MAX_TEST_MODELS, TEST_PHOTO_MAX_MB, checkTestPhoto, toggleModel, type PromptFormOptions } from "./prompt-form-model";
import { TestResultCard } from "./test-result-card";

/** A photo over the server's limit is scaled down first, as the customer editor does. */
async function runWithFittedPhoto(input: Parameters<typeof aiTestApi.run>[0]) {
  return aiTestApi.run({ ...input, image: input.image instanceof File ? await fitForUpload(input.image) : input.image });
}

export function PromptTestDialog({
  open,
  onClose,
  promptId,
  promptTitle,
  defaultModelId,
  llms,
  unsaved,
  savedText,
}: {
  open: boolean;
  onClose: () => void;
  promptId: number;
  promptTitle: string;
  defaultModelId: number;
  llms: PromptFormOptions["llms"];
  unsaved: boolean;
  /** The saved prompt's composed text: a prompt without style text or slot variants has nothing to test. */
  savedText: string;
}) {
  const t = useTranslations("prompts.test");
  const tc = useTranslations("common");
  const te = useTranslations("errors");
  const [photo, setPhoto] = useState<{ file: File; url: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [models, setModels] = useState<number[]>([defaultModelId]);
  const [elapsed, setElapsed] = useState(0);
  const started = useRef(0);
  const run = useMutation({
    mutationFn: runWithFittedPhoto,
    meta: { silent: true },
    retry: false,
    onError: (error) => toast.error(t("runFailed"), { description: error instanceof Error ? error.message : undefined }),
  });
  const running = run.isPending;

  useEffect(
    () => () => {
      if (photo) URL.revokeObjectURL(photo.url);
    },
    [photo],
  );
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - started.current) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [running]);

  function onFile(file: File | undefined) {
    if (!file) return;
    const bad = checkTestPhoto(file);
    if (bad) {
      setProblem(bad === "size" ? te("imageTooLarge", { maxMb: TEST_PHOTO_MAX_MB }) : te("imageTypeUnsupported"));
      return;
    }
    setProblem(null);
    setPhoto({ file, url: URL.createObjectURL(file) });
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    e.stopPropagation();
    if (!photo) return setProblem(te("testImageRequired"));
    if (models.length === 0) return;
    started.current = Date.now();
    setElapsed(0);
    run.mutate({ image: photo.file, providers: models, promptId });
  }

  const available = llms.filter((m) => m.active || m.id === defaultModelId);
  const results = run.data?.results ?? [];
  return (
    <Dialog
      portal
      open={open}
      onClose={() => !running && onClose()}
      title={t("title", { title: promptTitle })}
      size="xl"
      testId="prompt-test-dialog"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={running}>
            {tc("close")}
          </button>
          <button
            type="submit"
            form="prompt-test-form"
            className="btn-primary"
            disabled={running || models.length === 0 || !savedText}
            data-testid="prompt-test-run"
          >
            {running ? t("running") : t("run")}
          </button>
        </>
      }
    >
      <form id="prompt-test-form" onSubmit={onSubmit} noValidate className="space-y-4">
        {!savedText && (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="prompt-test-no-text">
            {t("nothingToTest")}
          </p>
        )}
        {unsaved && (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="prompt-test-unsaved">
            {t("savedVersionOnly")}
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="flex h-28 w-28 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-stone-200 bg-stone-50">
            {photo ? (
              // eslint-disable-next-line @next/next/no-img-element -- an object URL of the chosen photo
              <img src={photo.url} alt={t("photoAlt")} className="h-full w-full object-cover" />
            ) : (
              <span className="px-2 text-center text-xs text-stone-500">{t("noPhoto")}</span>
            )}
          </div>
          <div className="min-w-0 flex-1 space-y-1">
            <label htmlFor="prompt-test-photo" className="label">
              {t("photo")}
              <RequiredMark />
            </label>
            <FileButton
              id="prompt-test-photo"
              accept={PHOTO_TYPES.join(",")}
              fileName={photo?.file.name ?? null}
              disabled={running}
              invalid={!!problem}
              describedBy={problem ? "prompt-test-photo-error" : undefined}
              onFile={onFile}
            />
            {problem && (
              <p id="prompt-test-photo-error" className="field-error" role="alert">
                {problem}
              </p>
            )}
          </div>
        </div>
        <fieldset>
          <legend className="label">{t("models", { max: MAX_TEST_MODELS })}</legend>
          <div className="mt-1 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {available.map((m) => {
              const checked = models.includes(m.id);
              return (
                <label key={m.id} className="flex items-center gap-2 rounded-md border border-stone-200 px-3 py-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-600"
                    checked={checked}
                    disabled={running || (!checked && models.length >= MAX_TEST_MODELS)}
                    onChange={() => setModels((s) => toggleModel(s, m.id))}
                  />
                  <span className="min-w-0 truncate">{m.displayName}</span>
                  {m.offline && <span className="ml-auto rounded bg-amber-50 px-1.5 text-xs text-amber-800">{t("offlineBadge")}</span>}
                </label>
              );
            })}
          </div>
          {models.length === 0 && <p className="field-error">{t("chooseModel")}</p>}
        </fieldset>
      </form>

      {running && (
        <div
          className="flex items-center gap-3 rounded-md bg-stone-100 px-3 py-3 text-sm text-stone-700"
          role="status"
          data-testid="prompt-test-progress"
        >
          <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-stone-300 border-t-brand-600" />
          {t("progress", { count: models.length, seconds: elapsed })}
        </div>
      )}
      {!running && results.length > 0 && (
        <section
          aria-label={t("results")}
          className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
          data-testid="prompt-test-results"
        >
          {results.map((r) => (
            <TestResultCard key={r.generationId} result={r} />
          ))}
        </section>
      )}
    </Dialog>
  );
}
