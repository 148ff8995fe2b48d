"use client";

import { fitForUpload } from "@/components/shop/editor/image-file";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { SelectField, TextAreaField } from "@/components/ui/form-field";
import { useAdminMutation } from "@/components/ui/form/use-admin-mutation";
import { aiTestApi, aiTestKeys } from "@/lib/api-client/ai-test";
import { composePromptText } from "@/lib/domain/prompt-text";
import type { AiTestRunDto, AiTestRunPageDto } from "@/lib/schemas/ai-test";
import { ModelChoiceField } from "./model-choice";
import { PhotoField } from "./photo-field";
import { RunHistory } from "./run-history";
import { RunView, RunningView } from "./run-view";
import { BACKGROUND_OPTIONS, QUALITY_OPTIONS, SIZE_OPTIONS, type ModelChoice, type PromptChoice } from "./types";
import { useElapsedSeconds } from "./use-elapsed";

type Quality = (typeof QUALITY_OPTIONS)[number];
type Size = (typeof SIZE_OPTIONS)[number];
type Background = (typeof BACKGROUND_OPTIONS)[number];

const SIZE_KEYS = { "1024x1024": "sizeSquare", "1024x1536": "sizePortrait", "1536x1024": "sizeLandscape" } as const;
const QUALITY_KEYS = { low: "qualityLow", medium: "qualityMedium", high: "qualityHigh" } as const;
const BACKGROUND_KEYS = { auto: "backgroundAuto", opaque: "backgroundOpaque", transparent: "backgroundTransparent" } as const;

/** A photo over the server's limit is scaled down first, as the customer editor does. */
async function runWithFittedPhoto(input: Parameters<typeof aiTestApi.run>[0]) {
  return aiTestApi.run({ ...input, image: await fitForUpload(input.image) });
}

export function PromptTester({
  models,
  prompts,
  initialRuns,
  initialRun,
}: {
  models: ModelChoice[];
  prompts: PromptChoice[];
  initialRuns: AiTestRunPageDto;
  initialRun: AiTestRunDto | null;
}) {
  const t = useTranslations("promptTester");
  const tAll = useTranslations();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});

  const defaultModels = models.filter((m) => m.active && m.provider === "offline").map((m) => m.id);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoLoading, setPhotoLoading] = useState(false);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [providers, setProviders] = useState<number[]>(initialRun?.settings.providers ?? defaultModels);
  const [quality, setQuality] = useState<Quality>(initialRun?.settings.quality ?? "medium");
  const [size, setSize] = useState<Size>(initialRun?.settings.size ?? "1024x1024");
  const [background, setBackground] = useState<Background>(initialRun?.settings.background ?? "auto");
  const [masterPrompt, setMasterPrompt] = useState(initialRun?.settings.masterPrompt ?? "");
  const [specificPrompt, setSpecificPrompt] = useState(initialRun?.settings.specificPrompt ?? "");
  const [promptId, setPromptId] = useState<number | null>(initialRun?.prompt?.id ?? null);
  const [current, setCurrent] = useState<AiTestRunDto | null>(initialRun);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const elapsed = useElapsedSeconds(startedAt);

  const prompt = prompts.find((p) => p.id === promptId) ?? null;
  const composed = useMemo(
    () => composePromptText({ masterPrompt, styleText: prompt?.styleText ?? "", slots: prompt?.slots ?? [], specificPrompt }),
    [masterPrompt, specificPrompt, prompt],
  );
  const runningModels = providers.map((id) => models.find((m) => m.id === id)).filter((m): m is ModelChoice => !!m);

  const run = useAdminMutation({
    mutationFn: runWithFittedPhoto,
    onSuccess: (result) => {
      setCurrent(result);
      setErrors({});
      replaceRunInUrl(result.id);
      void queryClient.invalidateQueries({ queryKey: aiTestKeys.all });
    },
    onFieldErrors: setErrors,
    onError: () => setStartedAt(null),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!photo) local.image = tAll("errors.testImageRequired");
    if (providers.length === 0) local.providers = tAll("validation.selectProviders");
    if (!composed) local.specificPrompt = tAll("validation.testPromptRequired");
    setErrors(local);
    if (Object.keys(local).length || !photo) return;
    setStartedAt(Date.now());
    run.mutate(
      { image: photo, providers, quality, size, background, masterPrompt, specificPrompt, promptId },
      { onSettled: () => setStartedAt(null) },
    );
  }

  async function reopen(stored: AiTestRunDto) {
    setCurrent(stored);
    replaceRunInUrl(stored.id);
    setProviders(stored.settings.providers.filter((id) => models.some((m) => m.id === id && m.active)));
    setQuality(stored.settings.quality);
    setSize(stored.settings.size);
    setBackground(stored.settings.background);
    setMasterPrompt(stored.settings.masterPrompt);
    setSpecificPrompt(stored.settings.specificPrompt);
    setPromptId(stored.prompt?.id ?? null);
    setErrors({});
    await loadPhoto(stored);
  }

  async function loadPhoto(stored: AiTestRunDto) {
    if (!stored.sourceImage) return;
    setPhotoLoading(true);
    try {
      const res = await fetch(stored.sourceImage.url, { credentials: "include" });
      if (res.ok) {
        const blob = await res.blob();
        setPhoto(new File([blob], `run-${stored.id}.jpg`, { type: blob.type || "image/jpeg" }));
      }
    } catch {
    } finally {
      setPhotoLoading(false);
    }
  }

  // A run opened by its address (?run=ID) brings its photo back into the form once.
  const loadedInitial = useRef(false);
  useEffect(() => {
    if (loadedInitial.current || !initialRun) return;
    loadedInitial.current = true;
    void loadPhoto(initialRun);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the run the page was opened with
  }, []);

  const running = run.isPending;
  return (
    <div className="space-y-8">
      <form
        onSubmit={submit}
        noValidate
        className="card space-y-5 p-4 sm:p-6"
        aria-labelledby="tester-setup-heading"
        data-testid="tester-form"
      >
        <h2 id="tester-setup-heading" className="text-lg font-semibold">
          {t("setup")}
        </h2>
        <div className="grid gap-5 lg:grid-cols-2">
          <div className="space-y-5">
            <PhotoField
              file={photo}
              loading={photoLoading}
              onFile={(f) => {
                setPhoto(f);
                setPhotoProblem(null);
              }}
              onProblem={setPhotoProblem}
              error={photoProblem ?? errors.image}
            />
            <ModelChoiceField
              models={models}
              selected={providers}
              onChange={setProviders}
              error={errors.providers ?? errors["providers.0"]}
            />
            <div className="grid gap-4 sm:grid-cols-3 lg:grid-cols-2">
              <SelectField
                label={t("quality")}
                value={quality}
                onChange={(e) => setQuality(e.target.value as Quality)}
                options={QUALITY_OPTIONS.map((q) => ({ value: q, label: t(QUALITY_KEYS[q]) }))}
                error={errors.quality}
                data-testid="tester-quality"
              />
              <SelectField
                label={t("size")}
                value={size}
                onChange={(e) => setSize(e.target.value as Size)}
                options={SIZE_OPTIONS.map((s) => ({ value: s, label: t(SIZE_KEYS[s]) }))}
                error={errors.size}
                data-testid="tester-size"
              />
              <SelectField
                label={t("background")}
                value={background}
                onChange={(e) => setBackground(e.target.value as Background)}
                options={BACKGROUND_OPTIONS.map((b) => ({ value: b, label: t(BACKGROUND_KEYS[b]) }))}
                error={errors.background}
                data-testid="tester-background"
              />
            </div>
          </div>
          <div className="space-y-5">
            <SelectField
              label={t("prompt")}
              hint={t("promptHelp")}
              value={promptId === null ? "" : String(promptId)}
              onChange={(e) => setPromptId(e.target.value ? Number(e.target.value) : null)}
              placeholder={t("noPrompt")}
              options={prompts.map((p) => ({ value: String(p.id), label: promptLabel(p, t("archivedMark"), t("inactiveMark")) }))}
              error={errors.promptId}
              data-testid="tester-prompt"
            />
            <TextAreaField
              label={t("masterPrompt")}
              hint={t("masterPromptHelp")}
              rows={3}
              maxLength={8000}
              value={masterPrompt}
              onChange={(e) => setMasterPrompt(e.target.value)}
              error={errors.masterPrompt}
              data-testid="tester-master"
            />
            <TextAreaField
              label={t("specificPrompt")}
              hint={t("specificPromptHelp")}
              rows={3}
              maxLength={8000}
              value={specificPrompt}
              onChange={(e) => setSpecificPrompt(e.target.value)}
              error={errors.specificPrompt}
              data-testid="tester-specific"
            />
            <div>
              <p className="label">{t("preview")}</p>
              <pre
                className="max-h-56 overflow-auto whitespace-pre-wrap break-words rounded-md border border-stone-200 bg-stone-50 p-3 font-sans text-sm text-stone-800"
                data-testid="tester-preview"
              >
                {composed || <span className="text-stone-500">{t("previewEmpty")}</span>}
              </pre>
            </div>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={running} data-testid="tester-run">
            {running && (
              <span className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent" aria-hidden="true" />
            )}
            {running ? t("running", { seconds: elapsed }) : t("run")}
          </button>
        </div>
      </form>

      <section className="space-y-3" aria-labelledby="tester-results-heading" aria-live="polite">
        <h2 id="tester-results-heading" className="text-lg font-semibold">
          {t("results")}
        </h2>
        {running && startedAt !== null ? (
          <RunningView models={runningModels} since={startedAt} />
        ) : current ? (
          <RunView run={current} fallbackTarget={prompt ? { id: prompt.id, title: prompt.title } : null} />
        ) : (
          <p className="card text-sm text-stone-600">{t("noResults")}</p>
        )}
      </section>

      <RunHistory initial={initialRuns} currentId={current?.id ?? null} onOpen={(r) => void reopen(r)} />
    </div>
  );
}

function promptLabel(p: PromptChoice, archived: string, inactive: string): string {
  const marks = [p.archived ? archived : null, !p.active ? inactive : null].filter(Boolean);
  const base = p.promptNumber ? `${p.promptNumber} · ${p.title}` : p.title;
  return marks.length ? `${base} (${marks.join(", ")})` : base;
}

function replaceRunInUrl(runId: number): void {
  const url = new URL(window.location.href);
  url.searchParams.set("run", String(runId));
  window.history.replaceState(null, "", url);
}
