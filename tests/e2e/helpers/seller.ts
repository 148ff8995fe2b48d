/**
 * The browser tests' servers run like production, where no invoice is issued without the seller's
 * name, address and VAT ID: these are set. Email, phone, representative and register stay unset, so
 * the legal pages' placeholders are still tested.
 */
export const E2E_SELLER = {
  SELLER_NAME: "Tassenwerk GmbH",
  SELLER_STREET: "Kastanienallee 12",
  SELLER_POSTAL_CODE: "10435",
  SELLER_CITY: "Berlin",
  SELLER_VAT_ID: "DE123456789",
} as const;
