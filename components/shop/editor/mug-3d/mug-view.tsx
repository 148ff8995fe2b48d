"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { lazyModule } from "@/lib/lazy-module";
import { safeColour, type MugDimensions } from "../mug-geometry";
import { MugPreview } from "../mug-preview";
import type { MugScene } from "./scene";
import { useMugTurn } from "./use-mug-turn";

/** three.js comes with this chunk, fetched when the preview step shows a mug, never with a page. */
const sceneModule = lazyModule(() => import("./scene"));

/** Fetched once the customer has generated images, so the preview step's first frame does not wait for the network. */
export const preloadMugScene = () => sceneModule.preload();

/** "pending": the 2-D mug shows while the 3-D one loads; "2d": no WebGL 2 (or it failed), the 2-D mug stays. */
type Mode = "pending" | "3d" | "2d";

const CONTEXT: WebGLContextAttributes = { antialias: true, alpha: true, powerPreference: "low-power" };

function loadImage(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  // Another origin's pixels may go into WebGL only with CORS.
  if (new URL(url, window.location.href).origin !== window.location.origin) image.crossOrigin = "anonymous";
  image.src = url;
  return image.decode().then(() => image);
}

function webgl2(canvas: HTMLCanvasElement): WebGL2RenderingContext | null {
  try {
    const gl = canvas.getContext("webgl2", CONTEXT);
    return gl && !gl.isContextLost() ? gl : null;
  } catch {
    return null;
  }
}

/** The 2-D preview shows until the first 3-D frame is on screen, and stays where there is no WebGL. */
export function MugView(props: { mug: MugDimensions; imageUrl: string; outsideColor: string; insideColor: string; label: string }) {
  const t = useTranslations("editor.preview");
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const sceneRef = useRef<MugScene | null>(null);
  const [mode, setMode] = useState<Mode>("pending");
  const outside = safeColour(props.outsideColor, "#ffffff");
  const inside = safeColour(props.insideColor, "#ffffff");
  const colours = useRef({ outside, inside });
  const turn = useMugTurn(sceneRef, canvasRef, mode === "3d");
  const currentTurn = turn.current;
  const { diameterMm, heightMm, printTemplateWidthMm, printTemplateHeightMm, documentBottomMarginMm } = props.mug;
  const { imageUrl } = props;

  useEffect(() => {
    const canvas = canvasRef.current;
    const gl = canvas && webgl2(canvas);
    if (!canvas || !gl) {
      setMode("2d");
      return;
    }
    setMode("pending");
    const dims = { diameterMm, heightMm, printTemplateWidthMm, printTemplateHeightMm, documentBottomMarginMm };
    let cancelled = false;
    let scene: MugScene | null = null;
    let observer: ResizeObserver | null = null;
    const lost = (event: Event) => {
      event.preventDefault();
      setMode("2d");
    };
    canvas.addEventListener("webglcontextlost", lost);
    // The image decodes while the chunk loads.
    Promise.all([sceneModule.load(), loadImage(imageUrl)])
      .then(async ([mod, image]) => {
        if (cancelled) return;
        scene = mod.createMugScene(canvas, gl, dims, image, colours.current);
        sceneRef.current = scene;
        scene.setTurn(currentTurn());
        const size = () => scene?.resize(canvas.clientWidth, canvas.clientHeight, Math.min(2, window.devicePixelRatio || 1));
        size();
        observer = new ResizeObserver(size);
        observer.observe(canvas);
        await scene.drawn();
        if (cancelled) return;
        // bench:web and the browser tests time the first frame by this mark.
        performance.mark("mug-3d-first-frame");
        setMode("3d");
      })
      .catch(() => {
        if (!cancelled) setMode("2d");
      });
    return () => {
      cancelled = true;
      canvas.removeEventListener("webglcontextlost", lost);
      observer?.disconnect();
      scene?.dispose();
      sceneRef.current = null;
    };
    // Not the colours: they follow in the effect below, without a rebuild.
  }, [imageUrl, diameterMm, heightMm, printTemplateWidthMm, printTemplateHeightMm, documentBottomMarginMm, currentTurn]);

  // A colour change repaints the same scene: no rebuild, no reload of the image.
  useEffect(() => {
    colours.current = { outside, inside };
    sceneRef.current?.setColours(outside, inside);
  }, [outside, inside]);

  const shown = mode === "3d";
  return (
    <div
      className="w-full max-w-md"
      data-testid="mug-view"
      data-mode={mode}
      data-outside-color={outside}
      data-inside-color={inside}
      data-image-url={imageUrl}
    >
      <div className="relative">
        <div className={shown ? "invisible" : undefined}>
          <MugPreview mug={props.mug} imageUrl={imageUrl} outsideColor={outside} insideColor={inside} label={props.label} />
        </div>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={props.label}
          aria-hidden={!shown}
          data-testid="mug-3d"
          data-turn={turn.degrees}
          className={`absolute inset-0 h-full w-full touch-pan-y select-none ${shown ? "cursor-grab active:cursor-grabbing" : "pointer-events-none opacity-0"}`}
          {...turn.pointer}
        />
      </div>
      {mode !== "2d" && (
        <div className={`mt-3 space-y-2 text-center ${shown ? "" : "invisible"}`} aria-hidden={!shown}>
          <div className="flex justify-center gap-2" role="group" aria-label={t("turnGroup")}>
            {/* On a phone the arrows alone: the three buttons stay on one line in either language. */}
            <button
              type="button"
              className="btn-secondary px-3"
              onClick={() => turn.by(-1)}
              disabled={!shown}
              title={t("turnLeft")}
              data-testid="turn-left"
            >
              <span aria-hidden className="text-base leading-none">
                ↺
              </span>
              <span className="sr-only sm:not-sr-only">{t("turnLeft")}</span>
            </button>
            <button type="button" className="btn-secondary px-3" onClick={turn.front} disabled={!shown} data-testid="turn-front">
              {t("turnFront")}
            </button>
            <button
              type="button"
              className="btn-secondary px-3"
              onClick={() => turn.by(1)}
              disabled={!shown}
              title={t("turnRight")}
              data-testid="turn-right"
            >
              <span className="sr-only sm:not-sr-only">{t("turnRight")}</span>
              <span aria-hidden className="text-base leading-none">
                ↻
              </span>
            </button>
          </div>
          <p className="text-xs text-stone-500">{t("turnHint")}</p>
        </div>
      )}
    </div>
  );
}
