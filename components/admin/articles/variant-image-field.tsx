"use client";

import { useEffect, useRef, useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { useTranslations } from "next-intl";
import type { ImageChange } from "./types";
import { VARIANT_IMAGE_MAX_MB, VARIANT_IMAGE_TYPES, checkVariantImage, clampCrop, croppedPreview, imageSize } from "./variant-image";

interface Source {
  file: File;
  url: string;
  natural: { width: number; height: number };
}

/**
 * The variant's example image: choose a file (image, at most 10 MB, checked here too), crop it with
 * react-easy-crop at the mug's print aspect, or remove the current one. Reports the change upward
 * with a small cropped preview for the mug preview.
 */
export function VariantImageField({
  aspect,
  currentUrl,
  change,
  onChange,
}: {
  /** printTemplateWidthMm / printTemplateHeightMm, or null while the mug details are incomplete. */
  aspect: number | null;
  currentUrl: string | null;
  change: ImageChange;
  onChange: (change: ImageChange) => void;
}) {
  const t = useTranslations("articles.variants");
  const te = useTranslations("errors");
  const [source, setSource] = useState<Source | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const previewJob = useRef(0);

  useEffect(() => () => {
    if (source) URL.revokeObjectURL(source.url);
  }, [source]);

  async function onFile(file: File | undefined) {
    if (!file) return;
    const bad = checkVariantImage(file);
    if (bad) {
      setProblem(bad === "size" ? te("imageTooLarge", { maxMb: VARIANT_IMAGE_MAX_MB }) : te("imageTypeUnsupported"));
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
    // Until the cropper reports an area, the whole picture is the image (no crop).
    const previewUrl = await croppedPreview(url, { x: 0, y: 0, ...natural }).catch(() => "");
    onChange({ kind: "set", image: { file, crop: null, previewUrl } });
  }

  async function onCropComplete(area: Area) {
    if (!source) return;
    const cropArea = clampCrop(area, source.natural);
    const job = ++previewJob.current;
    const previewUrl = await croppedPreview(source.url, cropArea).catch(() => source.url);
    if (job === previewJob.current) onChange({ kind: "set", image: { file: source.file, crop: cropArea, previewUrl } });
  }

  /** Drops the newly chosen file: back to the current image (or none). */
  function discard() {
    previewJob.current++;
    setSource(null);
    setProblem(null);
    if (inputRef.current) inputRef.current.value = "";
    onChange({ kind: "keep" });
  }

  const shownUrl = change.kind === "set" ? null : change.kind === "remove" ? null : currentUrl;
  return (
    <div className="space-y-2" data-testid="variant-image">
      <label htmlFor="variant-image-file" className="label">
        {t("image")}
      </label>
      {/* Our own button and file name instead of the browser's "Choose File / No file chosen", which ignore the shop's language. */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <label className="btn-secondary cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500">
          {source ? t("chooseOtherImage") : t("chooseImage")}
          <input
            ref={inputRef}
            id="variant-image-file"
            type="file"
            accept={VARIANT_IMAGE_TYPES.join(",")}
            className="sr-only"
            aria-describedby="variant-image-help"
            aria-invalid={!!problem}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </label>
        <span className="min-w-0 truncate text-sm text-stone-600" data-testid="variant-image-file-name">
          {source && change.kind === "set" ? source.file.name : t("noImageChosen")}
        </span>
      </div>
      <p id="variant-image-help" className="text-xs text-stone-500">
        {t("imageHelp", { maxMb: VARIANT_IMAGE_MAX_MB })}
      </p>
      {problem && (
        <p className="field-error" role="alert" data-testid="variant-image-error">
          {problem}
        </p>
      )}
      {source && change.kind === "set" && (
        <div className="space-y-2">
          <div className="relative w-full overflow-hidden rounded-lg bg-stone-900" style={{ aspectRatio: "16 / 10", maxHeight: 280 }} data-testid="variant-crop-area" data-aspect={(aspect ?? 1).toFixed(4)}>
            <Cropper
              image={source.url}
              crop={crop}
              zoom={zoom}
              aspect={aspect ?? 1}
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
          {!aspect && <p className="text-xs text-amber-700">{t("aspectUnknown")}</p>}
          <label className="flex items-center gap-3 text-sm">
            <span className="font-medium text-stone-700">{t("zoom")}</span>
            <input type="range" min={1} max={4} step={0.05} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} className="w-full max-w-xs accent-brand-600" />
          </label>
        </div>
      )}
      {shownUrl && (
        // eslint-disable-next-line @next/next/no-img-element -- our own image route, any size
        <img src={shownUrl} alt={t("imageAlt")} width={160} height={120} className="h-24 w-auto rounded border border-stone-200 object-contain" data-testid="variant-image-current" />
      )}
      <div className="flex flex-wrap gap-2">
        {source && change.kind === "set" && (
          <button type="button" className="btn-secondary" onClick={discard} data-testid="variant-image-discard">
            {t("discardImage")}
          </button>
        )}
        {shownUrl && (
          <button type="button" className="btn-secondary" onClick={() => onChange({ kind: "remove" })} data-testid="variant-image-remove">
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
