"use client";

import { RequiredMark } from "@/components/ui/form-field";
import { FileButton } from "@/components/ui/file-button";
import { useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { VARIANT_IMAGE_MAX_MB, VARIANT_IMAGE_TYPES, checkVariantImage, imageSize } from "@/components/admin/articles/variant-image";
import type { PendingExampleImage } from "./use-prompt-form";

export function ExampleImageField({
  storedUrl,
  pending,
  error,
  onChoose,
}: {
  storedUrl: string | null;
  pending: PendingExampleImage | null;
  error?: string;
  onChoose: (file: File | null) => void;
}) {
  const t = useTranslations("prompts.form");
  const te = useTranslations("errors");
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  async function onFile(file: File | undefined) {
    if (!file) return;
    const bad = checkVariantImage(file);
    const fail = (message: string) => {
      setProblem(message);
      if (inputRef.current) inputRef.current.value = "";
    };
    if (bad) return fail(bad === "size" ? te("imageTooLarge", { maxMb: VARIANT_IMAGE_MAX_MB }) : te("imageTypeUnsupported"));
    const url = URL.createObjectURL(file);
    const size = await imageSize(url);
    URL.revokeObjectURL(url);
    if (!size) return fail(te("imageInvalid"));
    setProblem(null);
    onChoose(file);
  }

  function discard() {
    onChoose(null);
    setProblem(null);
    if (inputRef.current) inputRef.current.value = "";
  }

  const shown = pending?.previewUrl ?? storedUrl;
  const message = problem ?? error;
  return (
    <div className="space-y-2" data-testid="prompt-example-image">
      <label htmlFor="prompt-exampleImage" className="label">
        {t("exampleImage")}
        <RequiredMark />
      </label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex h-32 w-32 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-stone-200 bg-stone-50">
          {shown ? (
            // eslint-disable-next-line @next/next/no-img-element -- an object URL or our own image route
            <img src={shown} alt={t("exampleImageAlt")} className="h-full w-full object-cover" data-testid="prompt-example-preview" />
          ) : (
            <span className="px-2 text-center text-xs text-stone-500">{t("noExampleImage")}</span>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <FileButton
            inputRef={inputRef}
            id="prompt-exampleImage"
            accept={VARIANT_IMAGE_TYPES.join(",")}
            fileName={pending?.file.name ?? null}
            invalid={!!message}
            describedBy={message ? "prompt-exampleImage-error" : "prompt-exampleImage-hint"}
            onFile={(file) => void onFile(file)}
          />
          <p id="prompt-exampleImage-hint" className="text-xs text-stone-500">
            {t("exampleImageHelp", { maxMb: VARIANT_IMAGE_MAX_MB })}
          </p>
          {pending && (
            <div className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
              <span className="min-w-0 truncate" data-testid="prompt-example-pending">
                {t("exampleImagePending", { name: pending.file.name })}
              </span>
              <button type="button" className="btn-secondary" onClick={discard}>
                {t("discardImage")}
              </button>
            </div>
          )}
          {message && (
            <p id="prompt-exampleImage-error" className="field-error" role="alert" data-testid="prompt-example-error">
              {message}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
