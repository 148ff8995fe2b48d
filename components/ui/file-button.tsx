"use client";

import type { Ref } from "react";
import { useTranslations } from "next-intl";

/** The browser's "No file chosen" follows its own language, not the page's; the input keeps its id for <label htmlFor>. */
export function FileButton({
  id,
  accept,
  fileName,
  inputRef,
  disabled,
  invalid,
  describedBy,
  testId,
  emptyText,
  fileNameTestId,
  onFile,
}: {
  id: string;
  accept: string;
  fileName: string | null;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  testId?: string;
  /** Shown instead of "No image chosen" before a file is chosen. */
  emptyText?: string;
  fileNameTestId?: string;
  onFile: (file: File | undefined) => void;
}) {
  const t = useTranslations("form");
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <label
        className={`btn-secondary cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 ${disabled ? "pointer-events-none opacity-60" : ""}`}
      >
        {fileName ? t("chooseOtherFile") : t("chooseFile")}
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={accept}
          disabled={disabled}
          className="sr-only"
          aria-invalid={invalid}
          aria-describedby={describedBy}
          data-testid={testId}
          onChange={(e) => onFile(e.target.files?.[0])}
        />
      </label>
      <span className="min-w-0 truncate text-sm text-stone-600" data-testid={fileNameTestId}>
        {fileName ?? emptyText ?? t("noFileChosen")}
      </span>
    </div>
  );
}
