import "server-only";
import { createHash } from "node:crypto";
import { MOCKUP_VIEWS, type MockupMug, type MockupView } from "@/lib/domain/mug-mockup";

/** Part of every fingerprint: bump it when the drawing changes, so every mockup is made again. */
export const MOCKUP_RENDER_VERSION = "m1";

export function mockupFingerprint(mug: MockupMug, outsideColor: string, insideColor: string): string {
  const parts = [
    MOCKUP_RENDER_VERSION,
    mug.diameterMm,
    mug.heightMm,
    mug.printTemplateWidthMm,
    mug.printTemplateHeightMm,
    mug.documentBottomMarginMm,
    outsideColor.trim().toLowerCase(),
    insideColor.trim().toLowerCase(),
  ];
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 16);
}

export function mockupFileKey(imageStorageKey: string, rowId: number, fingerprint: string, view: MockupView): string {
  const digest = createHash("sha256").update(imageStorageKey).digest("hex").slice(0, 40);
  return `mockups/${digest}-${rowId}-${fingerprint}-${view}.jpg`;
}

export function mockupFileKeys(row: { imageStorageKey: string; id: number; fingerprint: string }): string[] {
  return MOCKUP_VIEWS.map((view) => mockupFileKey(row.imageStorageKey, row.id, row.fingerprint, view));
}
