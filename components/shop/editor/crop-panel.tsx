"use client";

import Cropper from "react-easy-crop";
import { useTranslations } from "next-intl";
import type { Editor } from "./use-editor";

export function CropPanel({ editor }: { editor: Editor }) {
  const t = useTranslations("editor.upload");
  const { state, dispatch, aspect } = editor;
  if (!state.photo) return null;
  return (
    <div className="space-y-3">
      <div
        className="relative w-full overflow-hidden rounded-lg bg-stone-900"
        style={{ aspectRatio: "16 / 10", maxHeight: 420 }}
        data-testid="crop-area"
        data-aspect={aspect.toFixed(4)}
      >
        <Cropper
          image={state.photo.url}
          crop={state.crop.crop}
          zoom={state.crop.zoom}
          aspect={aspect}
          minZoom={1}
          maxZoom={4}
          showGrid
          keyboardStep={10}
          onCropChange={(crop) => dispatch({ type: "setCrop", crop })}
          onZoomChange={(zoom) => dispatch({ type: "setZoom", zoom })}
          onCropComplete={(_, area) => dispatch({ type: "cropComplete", area, aspect })}
          mediaProps={{ alt: t("photoAlt") }}
          // role: a labelled, focusable widget that takes the arrow keys (axe: aria-label needs a role).
          cropperProps={{ role: "application", "aria-label": t("cropLabel"), "aria-describedby": "crop-help" }}
        />
      </div>
      <p id="crop-help" className="text-sm text-stone-600">
        <span className="touch:hidden">{t("cropHelp")}</span>
        <span className="hidden touch:inline">{t("cropHelpTouch")}</span>
      </p>
      <label className="flex items-center gap-3 text-sm">
        <span className="font-medium text-stone-700">{t("zoom")}</span>
        <input
          type="range"
          min={1}
          max={4}
          step={0.05}
          value={state.crop.zoom}
          onChange={(e) => dispatch({ type: "setZoom", zoom: Number(e.target.value) })}
          className="w-full max-w-xs accent-brand-600"
        />
      </label>
    </div>
  );
}
