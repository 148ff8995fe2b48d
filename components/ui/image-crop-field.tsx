"use client";

import { FileButton } from "@/components/ui/file-button";
import { useEffect, useRef, useState, type ReactNode } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { useTranslations } from "next-intl";
import { IMAGE_TYPES, checkImageFile, clampCrop, croppedPreview, imageSize, type ImageChange } from "./image-crop";
import { ZoomSlider } from "./zoom-slider";

interface Source {
  file: File;
  url: string;
  natural: { width: number; height: number };
}

/** `aspect` null crops at the picture's own aspect; the whole picture (not zoomed in) then means no crop. */
export function ImageCropField({
  idPrefix,
  messages,
  label,
  emptyText,
  maxMb,
  aspect,
  cropNote,
  currentUrl,
  change,
  error,
  onChange,
}: {
  idPrefix: string;
  messages: "articles.variants" | "slots";
  label: string;
  /** Shown as the file name before a file is chosen (default: the form's "No image chosen"). */
  emptyText?: string;
  maxMb: number;
  aspect: number | null;
  cropNote?: ReactNode;
  currentUrl: string | null;
  change: ImageChange;
  /** The server's field error (e.g. the uploaded image is gone). */
  error?: string;
  onChange: (change: ImageChange) => void;
}) {
  const t = useTranslations(messages);
  const te = useTranslations("errors");
  const [source, setSource] = useState<Source | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const previewJob = useRef(0);
  const id = `${idPrefix}-image`;

  useEffect(
    () => () => {
      if (source) URL.revokeObjectURL(source.url);
    },
    [source],
  );

  async function onFile(file: File | undefined) {
    if (!file) return;
    const bad = checkImageFile(file, maxMb);
    if (bad) {
      setProblem(bad === "size" ? te("imageTooLarge", { maxMb }) : te("imageTypeUnsupported"));
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
    // Until the cropper reports an area, the whole picture is the image (no crop).
    const previewUrl = await croppedPreview(url, { x: 0, y: 0, ...natural }).catch(() => "");
    onChange({ kind: "set", image: { file, crop: null, previewUrl } });
  }

  async function onCropComplete(area: Area) {
    if (!source) return;
    const cropArea = clampCrop(area, source.natural);
    const whole =
      aspect === null &&
      cropArea.x === 0 &&
      cropArea.y === 0 &&
      cropArea.width === source.natural.width &&
      cropArea.height === source.natural.height;
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

  const chosen = source && change.kind === "set" ? source : null;
  const cropAspect = aspect ?? (source ? source.natural.width / source.natural.height : 1);
  const shownUrl = change.kind === "keep" ? currentUrl : null;
  const message = problem ?? error;
  return (
    <div className="space-y-2" data-testid={id}>
      <label htmlFor={`${id}-file`} className="label">
        {label}
      </label>
      <FileButton
        inputRef={inputRef}
        id={`${id}-file`}
        accept={IMAGE_TYPES.join(",")}
        fileName={chosen ? chosen.file.name : null}
        emptyText={emptyText}
        fileNameTestId={`${id}-file-name`}
        describedBy={message ? `${id}-error` : `${id}-help`}
        invalid={!!message}
        onFile={(file) => void onFile(file)}
      />
      <p id={`${id}-help`} className="text-xs text-stone-500">
        {t("imageHelp", { maxMb })}
      </p>
      {message && (
        <p id={`${id}-error`} className="field-error" role="alert" data-testid={`${id}-error`}>
          {message}
        </p>
      )}
      {chosen && (
        <div className="space-y-2">
          <div
            className="relative w-full overflow-hidden rounded-lg bg-stone-900"
            style={{ aspectRatio: "16 / 10", maxHeight: 280 }}
            data-testid={`${idPrefix}-crop-area`}
            data-aspect={cropAspect.toFixed(4)}
          >
            <Cropper
              image={chosen.url}
              crop={crop}
              zoom={zoom}
              aspect={cropAspect}
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
          {cropNote}
          <ZoomSlider label={t("zoom")} zoom={zoom} onZoom={setZoom} />
        </div>
      )}
      {shownUrl && (
        // eslint-disable-next-line @next/next/no-img-element -- our own image route, any size
        <img
          src={shownUrl}
          alt={t("imageAlt")}
          width={160}
          height={120}
          className="h-24 w-auto rounded border border-stone-200 object-contain"
          data-testid={`${id}-current`}
        />
      )}
      <div className="flex flex-wrap items-center gap-2">
        {chosen && (
          <button type="button" className="btn-secondary" onClick={discard} data-testid={`${id}-discard`}>
            {t("discardImage")}
          </button>
        )}
        {shownUrl && (
          <button type="button" className="btn-secondary" onClick={() => onChange({ kind: "remove" })} data-testid={`${id}-remove`}>
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
