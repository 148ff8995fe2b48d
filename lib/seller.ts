import { env } from "@/lib/env";
import type { SellerValues } from "@/lib/domain/seller";

export * from "@/lib/domain/seller";

export function envSellerValues(): SellerValues {
  const e = env();
  const v = (x: string | undefined) => x || null;
  return {
    name: v(e.SELLER_NAME),
    street: v(e.SELLER_STREET),
    postalCode: v(e.SELLER_POSTAL_CODE),
    city: v(e.SELLER_CITY),
    country: v(e.SELLER_COUNTRY),
    email: v(e.SELLER_EMAIL),
    phone: v(e.SELLER_PHONE),
    vatId: v(e.SELLER_VAT_ID),
    taxNumber: v(e.SELLER_TAX_NUMBER),
    representative: v(e.SELLER_REPRESENTATIVE),
    register: v(e.SELLER_REGISTER),
    bankName: v(e.SELLER_BANK_NAME),
    iban: v(e.SELLER_IBAN),
    bic: v(e.SELLER_BIC),
  };
}
