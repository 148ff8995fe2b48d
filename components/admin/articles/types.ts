import type { MugVariantBody, ShirtVariantBody } from "@/lib/schemas/articles";
import type { PendingImage } from "@/components/ui/image-crop";
import type { VatOption } from "./live-price";

export interface ArticleFormOptions {
  categories: { id: number; name: string; subcategories: { id: number; name: string }[] }[];
  suppliers: { id: number; name: string }[];
  vatRates: VatOption[];
}

export type { ImageChange, PendingImage } from "@/components/ui/image-crop";

/** A mug variant of an unsaved article, kept in the form until the article is saved. */
export interface MugVariantDraft {
  key: string;
  body: MugVariantBody;
  image: PendingImage | null;
}

/** A shirt variant of an unsaved article. */
export interface ShirtVariantDraft {
  key: string;
  body: ShirtVariantBody;
}

/** One row of the mug variants list, saved or not. */
export interface MugVariantRow {
  key: string;
  /** The saved variant's id; null for a draft. */
  id: number | null;
  body: MugVariantBody;
  imageUrl: string | null;
}
