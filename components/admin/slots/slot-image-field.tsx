"use client";

import { FileButton } from "@/components/ui/file-button";
import { useEffect, useRef, useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { useTranslations } from "next-intl";
import type { ImageChange } from "@/components/admin/articles/types";
import { VARIANT_IMAGE_TYPES, clampCrop, croppedPreview, imageSize } from "@/components/admin/articles/variant-image";

/** Spec section 9: slot images up to 5 MB (checked here, and again by POST /api/admin/images). */
export const SLOT_IMAGE_MAX_MB = 5;
export const SLOT_IMAGE_MAX_BYTES = SLOT_IMAGE_MAX_MB * 1024 * 1024;

export function checkSlotImage(file: Pick<File, "type" | "size">): "type" | "size" | null {
  if (!(VARIANT_IMAGE_TYPES as readonly string[]).includes(file.type)) return "type";
  if (file.size > SLOT_IMAGE_MAX_BYTES) return "size";
  return null;
}

interface Source {
  file: File;
  url: string;
  natural: { width: number; height: number };
}

/**
 * The slot variant's optional example image: choose a file (PNG/JPEG/GIF/WEBP, at most 5 MB, checked
 * before anything is sent), optionally zoom in to crop it (the crop keeps the picture's own aspect),
 * or remove the current one. Reports the change upward; the form uploads it when saving. Reuses the
 * article variant image helpers (decode check, crop clamping, cropped preview).
 */
export function SlotImageField({
  currentUrl,
  change,
  error,
  onChange,
}: {
  currentUrl: string | null;
  change: ImageChange;
  /** The server's field error (e.g. the uploaded image is gone). */
  error?: string;
  onChange: (change: ImageChange) => void;
}) {
  const t = useTranslations("slots");
  const te = useTranslations("errors");
  const [source, setSource] = useState<Source | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const previewJob = useRef(0);

  useEffect(
    () => () => {
      if (source) URL.revokeObjectURL(source.url);
    },
    [source],
  );

  async function onFile(file: File | undefined) {
    if (!file) return;
    const bad = checkSlotImage(file);
    if (bad) {
      setProblem(bad === "size" ? te("imageTooLarge", { maxMb: SLOT_IMAGE_MAX_MB }) : te("imageTypeUnsupported"));
      if (inputRef.current) inputRef.current.value = "";
      return;
    }
    const url = URL.createObjectURL(file);
    const natural = await imageSize(url);
    if (!natural) {
      URL.revokeObjectURL(url);
      setProblem(te("imageInvalid"));
      return;
    }
    setProblem(null);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setSource({ file, url, natural });
    const previewUrl = await croppedPreview(url, { x: 0, y: 0, ...natural }).catch(() => "");
    // Until the admin zooms in, the whole picture is the image (no crop).
    onChange({ kind: "set", image: { file, crop: null, previewUrl } });
  }

  async function onCropComplete(area: Area) {
    if (!source) return;
    const cropArea = clampCrop(area, source.natural);
    const whole = cropArea.x === 0 && cropArea.y === 0 && cropArea.width === source.natural.width && cropArea.height === source.natural.height;
    const job = ++previewJob.current;
    const previewUrl = await croppedPreview(source.url, cropArea).catch(() => source.url);
    if (job === previewJob.current) onChange({ kind: "set", image: { file: source.file, crop: whole ? null : cropArea, previewUrl } });
  }

  function discard() {
    previewJob.current++;
    setSource(null);
    setProblem(null);
    if (inputRef.current) inputRef.current.value = "";
    onChange({ kind: "keep" });
  }

  const shownUrl = change.kind === "keep" ? currentUrl : null;
  const message = problem ?? error;
  return (
    <div className="space-y-2" data-testid="slot-image">
      <label htmlFor="slot-image-file" className="label">
        {t("exampleImage")}
      </label>
      <FileButton
        inputRef={inputRef}
        id="slot-image-file"
        accept={VARIANT_IMAGE_TYPES.join(",")}
        fileName={source && change.kind === "set" ? source.file.name : null}
        describedBy={message ? "slot-image-error" : "slot-image-help"}
        invalid={!!message}
        onFile={(file) => void onFile(file)}
      />
      <p id="slot-image-help" className="text-xs text-stone-500">
        {t("imageHelp", { maxMb: SLOT_IMAGE_MAX_MB })}
      </p>
      {message && (
        <p id="slot-image-error" className="field-error" role="alert" data-testid="slot-image-error">
          {message}
        </p>
      )}
      {source && change.kind === "set" && (
        <div className="space-y-2">
          <div className="relative w-full overflow-hidden rounded-lg bg-stone-900" style={{ aspectRatio: "16 / 10", maxHeight: 280 }} data-testid="slot-crop-area">
            <Cropper
              image={source.url}
              crop={crop}
              zoom={zoom}
              aspect={source.natural.width / source.natural.height}
              minZoom={1}
              maxZoom={4}
              showGrid
              keyboardStep={10}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => void onCropComplete(pixels)}
              mediaProps={{ alt: t("imageAlt") }}
              cropperProps={{ "aria-label": t("cropLabel") }}
            />
          </div>
          <label className="flex items-center gap-3 text-sm">
            <span className="font-medium text-stone-700">{t("zoom")}</span>
            <input type="range" min={1} max={4} step={0.05} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} className="w-full max-w-xs accent-brand-600" />
          </label>
        </div>
      )}
      {shownUrl && (
        // eslint-disable-next-line @next/next/no-img-element -- our own image route, any size
        <img src={shownUrl} alt={t("imageAlt")} width={160} height={120} className="h-24 w-auto rounded border border-stone-200 object-contain" data-testid="slot-image-current" />
      )}
      <div className="flex flex-wrap items-center gap-2">
        {source && change.kind === "set" && (
          <button type="button" className="btn-secondary" onClick={discard} data-testid="slot-image-discard">
            {t("discardImage")}
          </button>
        )}
        {shownUrl && (
          <button type="button" className="btn-secondary" onClick={() => onChange({ kind: "remove" })} data-testid="slot-image-remove">
            {t("removeImage")}
          </button>
        )}
        {change.kind === "remove" && (
          <>
            <p className="text-sm text-stone-600">{t("imageWillBeRemoved")}</p>
            <button type="button" className="btn-secondary" onClick={() => onChange({ kind: "keep" })}>
              {t("keepImage")}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
