import { z } from "zod";
import { HEX_COLOR } from "@/lib/domain/brand";
import { plainLine } from "./common";

export const SHOP_NAME_MAX = 60;

export const brandBody = z.object({
  shopName: plainLine(
    z
      .string({ error: "validation.shopNameRequired" })
      .trim()
      .min(1, { error: "validation.shopNameRequired" })
      .max(SHOP_NAME_MAX, { error: "validation.shopNameTooLong" }),
  ),
  primaryColor: z.string({ error: "validation.colorInvalid" }).trim().toLowerCase().regex(HEX_COLOR, { error: "validation.colorInvalid" }),
  supportEmail: z
    .string({ error: "validation.invalidEmail" })
    .trim()
    .max(255, { error: "validation.tooLong" })
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || z.email().safeParse(v).success, { error: "validation.invalidEmail" }),
});

export type BrandBody = z.infer<typeof brandBody>;
export type BrandBodyInput = z.input<typeof brandBody>;

export interface BrandDto {
  shopName: string;
  primaryColor: string;
  supportEmail: string | null;
  logoUrl: string | null;
  /** "default" until the owner saves: the name is then the seller's legal name. */
  source: "saved" | "default";
  updatedAt: string | null;
}

/** What the storefront's header, footer and head need of the brand. */
export interface ShellBrand {
  shopName: string;
  logoUrl: string | null;
  /** CSS custom properties for the accent colour. */
  accent: Record<string, string>;
  iconUrl: string;
}
