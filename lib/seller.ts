import { env } from "@/lib/env";

/** An unset SELLER_* value is a placeholder naming the variable, so an unfinished setup is visible on every document, never hidden. */
export interface SellerField {
  value: string;
  /** True when the variable is unset and value is the placeholder "[SELLER_… not set]". */
  missing: boolean;
}

export interface Seller {
  name: SellerField;
  street: SellerField;
  postalCode: SellerField;
  city: SellerField;
  country: SellerField;
  email: SellerField;
  phone: SellerField;
  vatId: SellerField;
  taxNumber: SellerField;
  representative: SellerField;
  register: SellerField;
  /** True when every value an invoice needs (§14 Abs. 4 UStG) is set: name, address, VAT ID or tax number. */
  complete: boolean;
}

const field = (name: string, value: string | undefined): SellerField =>
  value ? { value, missing: false } : { value: `[${name} not set]`, missing: true };

export function seller(): Seller {
  const e = env();
  const s = {
    name: field("SELLER_NAME", e.SELLER_NAME),
    street: field("SELLER_STREET", e.SELLER_STREET),
    postalCode: field("SELLER_POSTAL_CODE", e.SELLER_POSTAL_CODE),
    city: field("SELLER_CITY", e.SELLER_CITY),
    country: field("SELLER_COUNTRY", e.SELLER_COUNTRY),
    email: field("SELLER_EMAIL", e.SELLER_EMAIL),
    phone: field("SELLER_PHONE", e.SELLER_PHONE),
    vatId: field("SELLER_VAT_ID", e.SELLER_VAT_ID),
    taxNumber: field("SELLER_TAX_NUMBER", e.SELLER_TAX_NUMBER),
    representative: field("SELLER_REPRESENTATIVE", e.SELLER_REPRESENTATIVE),
    register: field("SELLER_REGISTER", e.SELLER_REGISTER),
  };
  const complete =
    !s.name.missing && !s.street.missing && !s.postalCode.missing && !s.city.missing && (!s.vatId.missing || !s.taxNumber.missing);
  return { ...s, complete };
}
