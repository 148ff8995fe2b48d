"use client";

import { useTranslations } from "next-intl";
import { MugPreview } from "@/components/shop/editor/mug-preview";
import type { MugDimensions } from "@/components/shop/editor/mug-geometry";

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function printAreaPlaceholder(label: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200"><defs><pattern id="h" width="14" height="14" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="14" height="14" fill="#f5f5f4"/><line x1="0" y1="0" x2="0" y2="14" stroke="#d6d3d1" stroke-width="6"/></pattern></defs><rect width="400" height="200" fill="url(#h)"/><rect x="3" y="3" width="394" height="194" fill="none" stroke="#ea580c" stroke-width="4" stroke-dasharray="14 8"/><text x="200" y="110" font-family="sans-serif" font-size="26" text-anchor="middle" fill="#9a3412">${escapeXml(label)}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function VariantMugPreview({
  mug,
  imageUrl,
  insideColor,
  outsideColor,
  name,
}: {
  mug: MugDimensions | null;
  imageUrl: string | null;
  insideColor: string;
  outsideColor: string;
  name: string;
}) {
  const t = useTranslations("articles.variants");
  if (!mug) {
    return (
      <p className="rounded-lg border border-dashed border-stone-300 p-4 text-sm text-stone-600" data-testid="variant-preview-missing">
        {t("previewNeedsDetails")}
      </p>
    );
  }
  return (
    <figure className="space-y-2" data-testid="variant-preview">
      <div className="flex justify-center rounded-lg border border-stone-200 bg-white p-3">
        <MugPreview
          mug={mug}
          imageUrl={imageUrl ?? printAreaPlaceholder(t("printArea"))}
          insideColor={insideColor}
          outsideColor={outsideColor}
          label={t("previewLabel", { name: name || t("unnamed") })}
        />
      </div>
      <figcaption className="text-center text-xs text-stone-500">{t("previewCaption")}</figcaption>
    </figure>
  );
}
