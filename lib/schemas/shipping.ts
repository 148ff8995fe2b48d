import { z } from "zod";
import { plainLine } from "./common";
import { MAX_CENTS } from "./articles";

export const MAX_SHIPPING_ZONES = 50;
export const ZONE_NAME_MAX = 60;

const cents = (error: `validation.${string}`) => z.number({ error }).int({ error }).min(0, { error }).max(MAX_CENTS, { error });

const countryCode = z
  .string({ error: "validation.shippingCountryInvalid" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: "validation.shippingCountryInvalid" });

const zone = z.object({
  name: plainLine(
    z
      .string({ error: "validation.shippingZoneNameRequired" })
      .trim()
      .min(1, { error: "validation.shippingZoneNameRequired" })
      .max(ZONE_NAME_MAX, { error: "validation.shippingZoneNameTooLong" }),
  ),
  countries: z
    .array(countryCode, { error: "validation.shippingZoneCountriesRequired" })
    .min(1, { error: "validation.shippingZoneCountriesRequired" })
    .max(300, { error: "validation.tooBig" }),
  priceCents: cents("validation.shippingCentsInvalid"),
  extraItemCents: cents("validation.shippingCentsInvalid").default(0),
  freeFromCents: cents("validation.shippingCentsInvalid").nullable().default(null),
});

/** Names are unique regardless of case and a country sits in one zone; the service checks the countries exist. */
export const shippingSettingsBody = z
  .object({
    zones: z
      .array(zone, { error: "validation.shippingZonesRequired" })
      .min(1, { error: "validation.shippingZonesRequired" })
      .max(MAX_SHIPPING_ZONES, { error: "validation.tooBig" }),
  })
  .superRefine((body, ctx) => {
    const names = new Set<string>();
    const seen = new Set<string>();
    body.zones.forEach((z, i) => {
      const key = z.name.toLocaleLowerCase("de");
      if (names.has(key)) ctx.addIssue({ code: "custom", path: ["zones", i, "name"], message: "validation.shippingZoneNameTaken" });
      names.add(key);
      z.countries.forEach((c, j) => {
        if (seen.has(c)) ctx.addIssue({ code: "custom", path: ["zones", i, "countries", j], message: "validation.shippingCountryTwice" });
        seen.add(c);
      });
    });
  });

export type ShippingSettingsBody = z.output<typeof shippingSettingsBody>;
export type ShippingSettingsInput = z.input<typeof shippingSettingsBody>;

export interface ShippingZoneDto {
  name: string;
  countries: string[];
  priceCents: number;
  extraItemCents: number;
  freeFromCents: number | null;
}

export interface ShippingSettingsDto {
  zones: ShippingZoneDto[];
  /** "default" until the owner saved zones (the shop then ships by the built-in defaults). */
  source: "saved" | "default";
  updatedAt: string | null;
}

export const cartSummaryQuery = z.object({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: "validation.shippingCountryInvalid" })
    .optional(),
});
