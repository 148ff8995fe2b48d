import "server-only";
import type { Locale } from "@/lib/i18n/config";
import type { MockupUrls } from "@/lib/schemas/mockups";
import { listPublicMugs } from "../catalog";
import { mockupFingerprint } from "../images/mockups/keys";
import { cartLineMockups, type MockupState } from "../images/mockups/read";

export async function cartMockups(
  rows: readonly { mugVariantId: number | null; imageId: number | null; mockup: MockupState | null }[],
  locale: Locale,
): Promise<Map<string, MockupUrls>> {
  const lines = rows.flatMap((r) =>
    r.imageId !== null && r.mugVariantId !== null ? [{ imageId: r.imageId, variantId: r.mugVariantId, mockup: r.mockup }] : [],
  );
  if (lines.length === 0) return new Map();
  const wanted = new Set(lines.map((l) => l.variantId));
  const fingerprints = new Map<number, string>();
  for (const mug of await listPublicMugs(locale)) {
    for (const v of mug.variants)
      if (wanted.has(v.id)) fingerprints.set(v.id, mockupFingerprint(mug, v.outsideColorCode, v.insideColorCode));
  }
  return cartLineMockups(lines, (p) => fingerprints.get(p.variantId));
}
