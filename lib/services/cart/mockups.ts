import "server-only";
import type { Db } from "@/db/client";
import type { Locale } from "@/lib/i18n/config";
import type { MockupUrls } from "@/lib/schemas/mockups";
import { listPublicMugs } from "../catalog";
import { cartLineMockups } from "../images";
import { mockupFingerprint } from "../images/mockups/keys";

/** Mockups of cart lines, compared with the cached catalogue's colours and geometry (no extra catalogue query). */
export async function cartMockups(
  db: Db,
  rows: readonly { articleId: number; mugVariantId: number | null; imageId: number | null }[],
  locale: Locale,
): Promise<Map<string, MockupUrls>> {
  const pairs = rows.flatMap((r) =>
    r.imageId !== null && r.mugVariantId !== null ? [{ imageId: r.imageId, variantId: r.mugVariantId }] : [],
  );
  if (pairs.length === 0) return new Map();
  const wanted = new Set(pairs.map((p) => p.variantId));
  const fingerprints = new Map<number, string>();
  for (const mug of await listPublicMugs(locale)) {
    for (const v of mug.variants)
      if (wanted.has(v.id)) fingerprints.set(v.id, mockupFingerprint(mug, v.outsideColorCode, v.insideColorCode));
  }
  return cartLineMockups(db, pairs, (p) => fingerprints.get(p.variantId));
}
