"use client";

import { RequiredMark } from "@/components/ui/form-field";
import { useEffect, useId, useMemo, useRef } from "react";
import { useTranslations } from "next-intl";
import { checkPhoto, MAX_PHOTO_MB, PHOTO_TYPES } from "@/lib/domain/photo-limits";

export function PhotoField({
  file,
  onFile,
  onProblem,
  error,
  loading,
}: {
  file: File | null;
  onFile: (file: File) => void;
  onProblem: (message: string) => void;
  error?: string;
  loading?: boolean;
}) {
  const t = useTranslations("promptTester");
  const te = useTranslations("errors");
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  function choose(chosen: File | undefined) {
    if (!chosen) return;
    const problem = checkPhoto(chosen);
    if (problem === "type") onProblem(te("imageTypeUnsupported"));
    else if (problem === "size") onProblem(te("imageTooLarge", { maxMb: MAX_PHOTO_MB }));
    else onFile(chosen);
    if (inputRef.current) inputRef.current.value = "";
  }

  return (
    <div>
      <span className="label" id={`${id}-label`}>
        {t("photo")}
        <RequiredMark />
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex h-32 w-32 shrink-0 items-center justify-center overflow-hidden rounded-md border border-dashed border-stone-300 bg-stone-50">
          {previewUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- a local object URL of the chosen file
            <img src={previewUrl} alt={t("photoAlt")} className="h-full w-full object-contain" data-testid="tester-photo-preview" />
          ) : (
            <span className="px-2 text-center text-xs text-stone-500">
              {loading ? t("loadingPhoto") : t("photoHelp", { maxMb: MAX_PHOTO_MB })}
            </span>
          )}
        </div>
        <div className="min-w-0 space-y-1">
          <label htmlFor={id} className="btn-secondary cursor-pointer">
            {file ? t("changePhoto") : t("choosePhoto")}
          </label>
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={PHOTO_TYPES.join(",")}
            className="sr-only"
            aria-labelledby={`${id}-label`}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
            data-testid="tester-photo-input"
            onChange={(e) => choose(e.target.files?.[0])}
          />
          {file && <p className="max-w-56 truncate text-xs text-stone-500">{file.name}</p>}
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
