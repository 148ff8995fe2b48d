export const LEGAL_PATHS = {
  imprint: "/impressum",
  terms: "/agb",
  privacy: "/datenschutz",
  withdrawal: "/widerruf",
} as const;

export type LegalPage = keyof typeof LEGAL_PATHS;
