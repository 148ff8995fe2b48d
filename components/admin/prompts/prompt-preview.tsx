"use client";

import { useTranslations } from "next-intl";
import { CopyButton } from "@/components/ui/copy-button";

export function PromptPreview({ text }: { text: string }) {
  const t = useTranslations("prompts.preview");
  return (
    <section
      aria-labelledby="prompt-preview-title"
      className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
      data-testid="prompt-preview"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="prompt-preview-title" className="text-base font-semibold text-stone-800">
          {t("title")}
        </h2>
        <CopyButton
          text={text}
          labels={{ copy: t("copy"), copied: t("copied"), copyFailed: t("copyFailed") }}
          testId="prompt-preview-copy"
        />
      </div>
      <p className="mb-2 text-xs text-stone-500">{t("help")}</p>
      {text ? (
        <pre
          className="max-h-[28rem] overflow-auto whitespace-pre-wrap break-words rounded-md bg-stone-900 p-3 font-mono text-xs leading-relaxed text-stone-100"
          data-testid="prompt-preview-text"
        >
          {text}
        </pre>
      ) : (
        <p className="rounded-md border border-dashed border-stone-300 p-3 text-sm text-stone-500" data-testid="prompt-preview-empty">
          {t("empty")}
        </p>
      )}
      <p className="mt-2 text-right text-xs tabular-nums text-stone-500">{t("length", { count: [...text].length })}</p>
    </section>
  );
}
