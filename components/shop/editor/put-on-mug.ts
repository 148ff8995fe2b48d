import type { Area } from "react-easy-crop";
import { apiFetch } from "@/lib/api-client/fetcher";
import type { MugDto, PublicPromptDto } from "@/lib/schemas/catalog";
import { generationSignature, initialEditorState, STEPS, type EditorState } from "./editor-state";
import { editorSchemas } from "./lazy-editor-schemas";

export function imageIdFromUrl(): number | null {
  const raw = new URLSearchParams(window.location.search).get("image");
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

export function forgetImageParam(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has("image")) return;
  url.searchParams.delete("image");
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
}

export function centredArea(width: number, height: number, aspect: number): Area {
  if (width / height > aspect) {
    const w = Math.max(1, Math.round(height * aspect));
    return { x: Math.round((width - w) / 2), y: 0, width: w, height };
  }
  const h = Math.max(1, Math.round(width / aspect));
  return { x: 0, y: Math.round((height - h) / 2), width, height: h };
}

function printAspectOf(mug: MugDto | undefined): number {
  return mug && mug.printTemplateHeightMm > 0 ? mug.printTemplateWidthMm / mug.printTemplateHeightMm : 1;
}

export async function stateForImage(imageId: number, catalogue: { mugs: MugDto[]; prompts: PublicPromptDto[] }): Promise<EditorState> {
  const [answer, { userImageDetailResponse }] = await Promise.all([
    apiFetch<unknown>(`/user/images/${imageId}`, { redirectOnAuthError: false }),
    editorSchemas.load(),
  ]);
  const image = userImageDetailResponse.parse(answer);
  const mug = catalogue.mugs[0];

  if (image.type === "UPLOADED") {
    const res = await fetch(image.url, { credentials: "include" });
    if (!res.ok) throw new Error(`image ${imageId}: HTTP ${res.status}`);
    const blob = await res.blob();
    const file = new File([blob], `photo-${image.id}.${blob.type === "image/png" ? "png" : "jpg"}`, { type: blob.type || "image/jpeg" });
    const aspect = printAspectOf(mug);
    return {
      ...initialEditorState,
      step: STEPS.indexOf("style"),
      photo: { file, url: URL.createObjectURL(file) },
      photoVersion: 1,
      crop: { crop: { x: 0, y: 0 }, zoom: 1, area: centredArea(image.width, image.height, aspect), aspect },
    };
  }

  const variant = mug ? (mug.variants.find((v) => v.isDefault) ?? mug.variants[0]) : undefined;
  const promptId = image.promptId !== null && catalogue.prompts.some((p) => p.id === image.promptId) ? image.promptId : null;
  const base: EditorState = {
    ...initialEditorState,
    step: STEPS.indexOf("preview"),
    mugId: mug?.id ?? null,
    variantId: variant?.id ?? null,
    promptId,
  };
  return {
    ...base,
    generation: {
      ...initialEditorState.generation,
      // The image stands for a generation result of its own: chosen, on the mug, ready for the cart.
      result: {
        generationId: 0,
        provider: "",
        modelId: "",
        offline: false,
        durationMs: 0,
        sourceImage: { id: 0, url: "" },
        images: [{ id: image.id, url: image.url, width: image.width, height: image.height }],
      },
      signature: generationSignature(base),
      selectedImageId: image.id,
    },
  };
}
