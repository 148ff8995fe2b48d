export const LEGAL_PATHS = {
  imprint: "/impressum",
  terms: "/agb",
  privacy: "/datenschutz",
  withdrawal: "/widerruf",
} as const;

export type LegalPage = keyof typeof LEGAL_PATHS;

/** Generated from the shipping zones; listed with the legal pages in the footer. */
export const SHIPPING_PATH = "/versand";
