import { z } from "zod";
import { plainLine } from "./common";
import { SELLER_KEYS, type SellerKey } from "@/lib/domain/seller";

/** No line breaks: it goes into mails and PDFs. */
function line(max = 255) {
  return plainLine(z.string({ error: "validation.invalidType" }).trim().max(max, { error: "validation.tooLong" }))
    .nullish()
    .transform((v) => (v ? v : null));
}

const compact = (v: string | null) => (v ? v.replace(/\s+/g, "").toUpperCase() : null);

export const sellerSettingsBody = z.object({
  name: line(),
  street: line(),
  postalCode: line(20),
  city: line(),
  country: line(100),
  email: line().refine((v) => v === null || z.email().safeParse(v).success, { error: "validation.invalidEmail" }),
  phone: line(50),
  vatId: line(30)
    .transform(compact)
    .refine((v) => v === null || /^[A-Z]{2}[0-9A-Z+*.]{2,12}$/.test(v), { error: "validation.vatIdInvalid" }),
  taxNumber: line(30),
  representative: line(),
  register: line(),
  bankName: line(),
  iban: line(42)
    .transform(compact)
    .refine((v) => v === null || /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(v), { error: "validation.ibanInvalid" }),
  bic: line(11)
    .transform(compact)
    .refine((v) => v === null || /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v), { error: "validation.bicInvalid" }),
});

export type SellerSettingsBody = z.infer<typeof sellerSettingsBody>;
export type SellerSettingsBodyInput = z.input<typeof sellerSettingsBody>;

export interface SellerSettingsDto {
  values: Record<SellerKey, string | null>;
  source: "saved" | "environment";
  missing: SellerKey[];
  waitingInvoices: number;
  issued?: number;
  updatedAt: string | null;
}

export { SELLER_KEYS };
