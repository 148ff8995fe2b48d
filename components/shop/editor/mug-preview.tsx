"use client";

import { useId } from "react";
import { MugDrawing, type MugDrawingProps } from "./mug-drawing";

export function MugPreview(props: MugDrawingProps & { imageUrl: string }) {
  return <MugDrawing uid={useId()} {...props} />;
}
