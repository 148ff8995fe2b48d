import { z } from "zod";
import { listSearch, optionalText, pageQuery, pageResponse } from "./common";
import { optionalPhone } from "./auth";

/** Any scheme but https (javascript:, …) is refused. */
const website = z
  .string({ error: "validation.invalidType" })
  .trim()
  .max(2048, { error: "validation.websiteTooLong" })
  .transform((v) => (v === "" || /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(v) ? v : `https://${v}`))
  .refine((v) => v === "" || isWebsite(v), { error: "validation.websiteInvalid" })
  .nullish()
  .transform((v) => (v ? v : null));

function isWebsite(value: string): boolean {
  if (/\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.username || url.password) return false;
  const labels = url.hostname.split(".");
  if (labels.length < 2 || labels.some((l) => !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l))) return false;
  const tld = labels[labels.length - 1] ?? "";
  return /^(?:[a-z]{2,63}|xn--[a-z0-9-]{2,59})$/.test(tld);
}

/** Kept as text so leading zeros (01067) survive. */
const postalCode = z
  .string({ error: "validation.postalCodePositive" })
  .trim()
  .refine((v) => v === "" || (/^[0-9]{1,10}$/.test(v) && /[1-9]/.test(v)), { error: "validation.postalCodePositive" })
  .nullish()
  .transform((v) => (v ? v : null));

const email = z
  .string({ error: "validation.invalidType" })
  .trim()
  .max(254, { error: "validation.invalidEmail" })
  .refine((v) => v === "" || z.email().safeParse(v).success, { error: "validation.invalidEmail" })
  .nullish()
  .transform((v) => (v ? v : null));

const countryCode = z
  .string({ error: "validation.countryUnknown" })
  .trim()
  .toUpperCase()
  .refine((v) => v === "" || /^[A-Z]{2}$/.test(v), { error: "validation.countryUnknown" })
  .nullish()
  .transform((v) => (v ? v : null));

const phone = optionalPhone.transform((v) => v ?? null);

export const supplierBody = z.object({
  companyName: z
    .string({ error: "validation.companyNameRequired" })
    .trim()
    .min(1, { error: "validation.companyNameRequired" })
    .max(255, { error: "validation.companyNameTooLong" }),
  website,
  title: optionalText(50),
  firstName: optionalText(100),
  lastName: optionalText(100),
  email,
  street: optionalText(255),
  houseNumber: optionalText(20),
  city: optionalText(255),
  postalCode,
  countryCode,
  phone1: phone,
  phone2: phone,
  phone3: phone,
});

export const SUPPLIER_SORTS = ["companyName", "-companyName", "city", "-city", "createdAt", "-createdAt"] as const;
export type SupplierSort = (typeof SUPPLIER_SORTS)[number];

export const listSuppliersQuery = z.object({
  q: listSearch,
  sort: z.enum(SUPPLIER_SORTS).default("companyName"),
  ...pageQuery(),
});

export const supplierResponse = z.object({
  id: z.number().int(),
  companyName: z.string(),
  website: z.string().nullable(),
  title: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  countryCode: z.string().nullable(),
  countryName: z.string().nullable(),
  phone1: z.string().nullable(),
  phone2: z.string().nullable(),
  phone3: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const supplierPageResponse = pageResponse(supplierResponse);

export type SupplierBody = z.infer<typeof supplierBody>;
export type SupplierBodyInput = z.input<typeof supplierBody>;
export type SupplierDto = z.infer<typeof supplierResponse>;
export type SupplierPage = z.infer<typeof supplierPageResponse>;
export type ListSuppliersQuery = z.infer<typeof listSuppliersQuery>;
