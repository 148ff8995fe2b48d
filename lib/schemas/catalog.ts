import { z } from "zod";
import { idName } from "./common";

/** The services parse answers through these, so an unlisted column can never reach a customer. */

export const countryResponse = z.object({
  code: z.string().length(2),
  name: z.string(),
  nameEn: z.string(),
  nameDe: z.string(),
});
export const countriesResponse = z.array(countryResponse);

export const catalogPriceResponse = z.object({
  priceCents: z.number().int(),
  netPriceCents: z.number().int(),
  vatPercent: z.number(),
  currency: z.literal("EUR"),
});

export const mugVariantResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  articleVariantNumber: z.string().nullable(),
  insideColorCode: z.string(),
  outsideColorCode: z.string(),
  isDefault: z.boolean(),
  exampleImageUrl: z.string().nullable(),
});

export const mugDetailsResponse = z.object({
  heightMm: z.number(),
  diameterMm: z.number(),
  fillingQuantityMl: z.number().int(),
  dishwasherSafe: z.boolean(),
  printTemplateWidthMm: z.number(),
  printTemplateHeightMm: z.number(),
  documentWidthMm: z.number(),
  documentHeightMm: z.number(),
  documentBottomMarginMm: z.number(),
});

export const mugResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  shortDescription: z.string().nullable(),
  longDescription: z.string().nullable(),
  articleNumber: z.string().nullable(),
  ...mugDetailsResponse.shape,
  price: catalogPriceResponse,
  variants: z.array(mugVariantResponse),
});
export const mugsResponse = z.array(mugResponse);

export const publicPromptResponse = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  promptNumber: z.string().nullable(),
  category: idName,
  subcategory: idName.nullable(),
  exampleImageUrl: z.string().nullable(),
});
export const publicPromptsResponse = z.array(publicPromptResponse);

export type CountryDto = z.infer<typeof countryResponse>;
export type CatalogPriceDto = z.infer<typeof catalogPriceResponse>;
export type MugVariantDto = z.infer<typeof mugVariantResponse>;
export type MugDto = z.infer<typeof mugResponse>;
export type PublicPromptDto = z.infer<typeof publicPromptResponse>;

export function imageUrl(imageId: number | null | undefined): string | null {
  return imageId ? `/api/images/${imageId}` : null;
}
