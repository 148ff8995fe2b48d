/** A missing value is a placeholder naming its variable, so an unfinished setup shows on every document. */
export interface SellerField {
  value: string;
  missing: boolean;
}

export const SELLER_KEYS = [
  "name",
  "street",
  "postalCode",
  "city",
  "country",
  "email",
  "phone",
  "vatId",
  "taxNumber",
  "representative",
  "register",
  "bankName",
  "iban",
  "bic",
] as const;
export type SellerKey = (typeof SELLER_KEYS)[number];

export type SellerValues = Record<SellerKey, string | null>;

export type Seller = Record<SellerKey, SellerField> & {
  complete: boolean;
};

export const SELLER_VARIABLES: Record<SellerKey, string> = {
  name: "SELLER_NAME",
  street: "SELLER_STREET",
  postalCode: "SELLER_POSTAL_CODE",
  city: "SELLER_CITY",
  country: "SELLER_COUNTRY",
  email: "SELLER_EMAIL",
  phone: "SELLER_PHONE",
  vatId: "SELLER_VAT_ID",
  taxNumber: "SELLER_TAX_NUMBER",
  representative: "SELLER_REPRESENTATIVE",
  register: "SELLER_REGISTER",
  bankName: "SELLER_BANK_NAME",
  iban: "SELLER_IBAN",
  bic: "SELLER_BIC",
};

export function missingForInvoice(v: SellerValues): SellerKey[] {
  const missing = (["name", "street", "postalCode", "city", "country"] as const).filter((k) => !v[k]);
  return !v.vatId && !v.taxNumber ? [...missing, "vatId"] : missing;
}

export function sellerFrom(values: SellerValues): Seller {
  const fields = Object.fromEntries(
    SELLER_KEYS.map((k) => {
      const value = values[k];
      return [k, value ? { value, missing: false } : { value: `[${SELLER_VARIABLES[k]} not set]`, missing: true }];
    }),
  ) as Record<SellerKey, SellerField>;
  return { ...fields, complete: missingForInvoice(values).length === 0 };
}
