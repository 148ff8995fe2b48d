import type { MugVariantDraft } from "./types";

export function normalizeDefault(drafts: MugVariantDraft[], preferKey?: string): MugVariantDraft[] {
  const key = preferKey ?? drafts.find((d) => d.body.isDefault)?.key ?? drafts[0]?.key;
  return drafts.map((d) => (d.body.isDefault === (d.key === key) ? d : { ...d, body: { ...d.body, isDefault: d.key === key } }));
}
