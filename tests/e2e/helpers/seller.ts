// No invoice without seller name, address and VAT ID; the rest stays unset to test the placeholders.
export const E2E_SELLER = {
  SELLER_NAME: "Tassenwerk GmbH",
  SELLER_STREET: "Kastanienallee 12",
  SELLER_POSTAL_CODE: "10435",
  SELLER_CITY: "Berlin",
  SELLER_VAT_ID: "DE123456789",
} as const;
