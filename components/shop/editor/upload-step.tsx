"use client";

import { useState, type DragEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useLanding } from "@/components/shop/landing/landing-slot";
import { FormAlert } from "@/components/ui/form-field";
import { ACCEPTED_TYPES, canDecode, checkFile, formatBytes, MAX_PHOTO_BYTES } from "./image-file";
import { MAX_PHOTO_MB } from "@/lib/domain/photo-limits";
import { CropPanel } from "./lazy-crop-panel";
import type { Editor } from "./use-editor";

export function UploadStep({ editor }: { editor: Editor }) {
  const t = useTranslations("editor.upload");
  const tl = useTranslations("landing");
  const locale = useLocale();
  const { state, dispatch } = editor;
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const parts = useLanding();
  const landing = state.photo ? null : parts;

  async function accept(file: File | undefined) {
    if (!file) return;
    const check = checkFile(file);
    if (check === "notAnImage") return setProblem(t("notAnImage"));
    if (check === "tooLarge")
      return setProblem(t("tooLarge", { size: formatBytes(file.size, locale), max: formatBytes(MAX_PHOTO_BYTES, locale) }));
    const url = URL.createObjectURL(file);
    if (!(await canDecode(url))) {
      URL.revokeObjectURL(url);
      return setProblem(t("unreadable"));
    }
    setProblem(null);
    dispatch({ type: "setPhoto", photo: { file, url } });
  }

  function onDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault();
    setDragging(false);
    void accept(e.dataTransfer.files[0]);
  }

  const upload = (
    <div className="min-w-0 space-y-4">
      <p className="text-stone-600">{landing ? tl("uploadIntro", { maxMb: MAX_PHOTO_MB }) : t("intro", { maxMb: MAX_PHOTO_MB })}</p>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center ${dragging ? "border-brand-500 bg-brand-50" : "border-stone-300 bg-white"}`}
        data-testid="dropzone"
      >
        <label className="btn-primary cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500">
          {state.photo ? t("change") : t("choose")}
          <input
            type="file"
            accept={ACCEPTED_TYPES.join(",")}
            className="sr-only"
            data-testid="photo-input"
            aria-describedby={problem ? "upload-problem" : "upload-hint"}
            onChange={(e) => {
              void accept(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
        </label>
        <span id="upload-hint" className="text-sm text-stone-500 touch:hidden">
          {t("dropHint")}
        </span>
        {state.photo && (
          <span className="text-sm text-stone-700" data-testid="photo-name">
            {t("fileInfo", { name: state.photo.file.name, size: formatBytes(state.photo.file.size, locale) })}
          </span>
        )}
      </div>
      {problem && (
        <FormAlert id="upload-problem" testId="upload-error">
          {problem}
        </FormAlert>
      )}
      {landing?.facts}
    </div>
  );

  if (!landing) {
    return (
      <div className="space-y-4">
        {upload}
        {state.photo && <CropPanel editor={editor} />}
      </div>
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-x-8" data-testid="landing">
      {upload}
      <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">{landing.mug}</div>
      <div className="min-w-0">{landing.styles}</div>
    </div>
  );
}
