import type { MugVariantBody, ShirtVariantBody } from "@/lib/schemas/articles";
import type { ImageCrop } from "@/lib/api-client/articles";
import type { VatOption } from "./live-price";

/** What the article form offers in its selects (read by the server page). */
export interface ArticleFormOptions {
  categories: { id: number; name: string; subcategories: { id: number; name: string }[] }[];
  suppliers: { id: number; name: string }[];
  vatRates: VatOption[];
}

/** A newly chosen example image: the file, its crop (pixels of the image) and a small cropped preview. */
export interface PendingImage {
  file: File;
  crop: ImageCrop | null;
  /** A data URL of the cropped picture, for the thumbnail and the mug preview. */
  previewUrl: string;
}

/** What the variant dialog does with the example image. */
export type ImageChange = { kind: "keep" } | { kind: "set"; image: PendingImage } | { kind: "remove" };

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
