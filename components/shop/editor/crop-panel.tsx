"use client";

import { useEffect, useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { useTranslations } from "next-intl";
import { imageSize } from "./image-file";
import { refitArea } from "./refit-crop";
import { ZoomSlider } from "@/components/ui/zoom-slider";
import { sameAspect, type Editor } from "./use-editor";

export function CropPanel({ editor }: { editor: Editor }) {
  const t = useTranslations("editor.upload");
  const { state, dispatch, aspect } = editor;
  const url = state.photo?.url;
  const chosen = state.crop.area;
  // A crop chosen for another print shape starts from itself, re-fitted to this shape around its centre.
  const needsRefit = !!url && !!chosen && !sameAspect(state.crop.aspect, aspect);
  // null: the photo's size could not be read, the cropper starts from its default.
  const [refit, setRefit] = useState<{ aspect: number; area: Area | null } | null>(null);
  const refitHere = refit?.aspect === aspect ? (refit.area ?? undefined) : undefined;
  useEffect(() => {
    if (!needsRefit || !url || !chosen) return;
    let live = true;
    imageSize(url)
      .then((size) => live && setRefit({ aspect, area: refitArea(chosen, aspect, size) }))
      .catch(() => live && setRefit({ aspect, area: null }));
    return () => {
      live = false;
    };
  }, [needsRefit, url, chosen, aspect]);

  if (!state.photo) return null;
  const waiting = needsRefit && refit?.aspect !== aspect;
  return (
    <div className="space-y-3">
      <div
        className="relative w-full overflow-hidden rounded-lg bg-stone-900"
        style={{ aspectRatio: "16 / 10", maxHeight: 420 }}
        data-testid="crop-area"
        data-aspect={aspect.toFixed(4)}
      >
        {!waiting && (
          <Cropper
            // A new print shape mounts the cropper afresh, so it starts from the re-fitted area.
            key={aspect}
            image={state.photo.url}
            crop={state.crop.crop}
            zoom={state.crop.zoom}
            aspect={aspect}
            minZoom={1}
            maxZoom={4}
            showGrid
            keyboardStep={10}
            initialCroppedAreaPixels={needsRefit ? refitHere : undefined}
            onCropChange={(crop) => dispatch({ type: "setCrop", crop })}
            onZoomChange={(zoom) => dispatch({ type: "setZoom", zoom })}
            onCropComplete={(_, area) => dispatch({ type: "cropComplete", area, aspect })}
            // The cropper reports only the position it was handed before the re-fit: the re-fitted area is the crop.
            onMediaLoaded={() => needsRefit && refitHere && dispatch({ type: "cropComplete", area: refitHere, aspect })}
            mediaProps={{ alt: t("photoAlt") }}
            // role: a labelled, focusable widget that takes the arrow keys (axe: aria-label needs a role).
            cropperProps={{ role: "application", "aria-label": t("cropLabel"), "aria-describedby": "crop-help" }}
          />
        )}
      </div>
      <p id="crop-help" className="text-sm text-stone-600">
        <span className="touch:hidden">{t("cropHelp")}</span>
        <span className="hidden touch:inline">{t("cropHelpTouch")}</span>
      </p>
      <ZoomSlider label={t("zoom")} zoom={state.crop.zoom} onZoom={(zoom) => dispatch({ type: "setZoom", zoom })} />
    </div>
  );
}
