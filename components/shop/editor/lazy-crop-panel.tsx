"use client";

import { lazyComponent } from "@/components/ui/lazy-component";

// The cropper is only needed once a photo is chosen.
export const CropPanel = lazyComponent(
  () => import("./crop-panel").then((m) => m.CropPanel),
  () => null,
);
