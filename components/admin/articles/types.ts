import type { MugVariantBody, ShirtVariantBody } from "@/lib/schemas/articles";
import type { PendingImage } from "@/components/ui/image-crop";
import type { VatOption } from "./live-price";

export interface ArticleFormOptions {
  categories: { id: number; name: string; subcategories: { id: number; name: string }[] }[];
  suppliers: { id: number; name: string }[];
  vatRates: VatOption[];
}

export type { ImageChange, PendingImage } from "@/components/ui/image-crop";

export interface MugVariantDraft {
  key: string;
  body: MugVariantBody;
  image: PendingImage | null;
}

export interface ShirtVariantDraft {
  key: string;
  body: ShirtVariantBody;
}

export interface MugVariantRow {
  key: string;
  id: number | null;
  body: MugVariantBody;
  imageUrl: string | null;
}
