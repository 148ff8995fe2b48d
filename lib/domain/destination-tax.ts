/** Which VAT an order owes, decided by where it goes and who buys; the shop is established in Germany. */
export const HOME_COUNTRY = "DE";

/** Standard rates as published in the European Commission's Taxes in Europe Database on this date. */
export const EU_RATES_SOURCE = { date: "2026-01-01", name: "European Commission, Taxes in Europe Database (TEDB)" } as const;

export const EU_STANDARD_RATES = {
  AT: 20,
  BE: 21,
  BG: 20,
  CY: 19,
  CZ: 21,
  DE: 19,
  DK: 25,
  EE: 24,
  ES: 21,
  FI: 25.5,
  FR: 20,
  GR: 24,
  HR: 25,
  HU: 27,
  IE: 23,
  IT: 22,
  LT: 21,
  LU: 17,
  LV: 21,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SE: 25,
  SI: 22,
  SK: 23,
} as const satisfies Record<string, number>;

export type EuCountry = keyof typeof EU_STANDARD_RATES;

export function isEuCountry(code: string): code is EuCountry {
  return Object.hasOwn(EU_STANDARD_RATES, code);
}

/** VIES formats; Greece's VAT IDs start with EL, not GR. */
const VAT_ID_FORMATS: Record<EuCountry, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/,
  GR: /^EL\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO[1-9]\d{1,9}$/,
  SE: /^SE\d{10}01$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
};

/** Spaces, dots and dashes as people type them are dropped; letters are upper-cased. */
export function normalizeVatId(raw: string): string {
  return raw.replace(/[\s.\-]/g, "").toUpperCase();
}

export function vatIdFitsCountry(vatId: string, country: string): boolean {
  return isEuCountry(country) && VAT_ID_FORMATS[country].test(normalizeVatId(vatId));
}

export type TaxTreatment =
  /** German VAT at the article's rate: Germany, and EU consumers while OSS is off. */
  | { kind: "domestic" }
  /** The destination's standard rate, declared through the One-Stop-Shop. */
  | { kind: "oss"; country: EuCountry; standardPercent: number }
  /** Outside the EU: a tax-free export (§ 4 Nr. 1a, § 6 UStG); import VAT is the buyer's at the border. */
  | { kind: "export" }
  /** An EU business with a VAT ID of its country: a tax-free intra-Community supply, the buyer reverse-charges. */
  | { kind: "reverse-charge"; buyerVatId: string };

export interface TaxSituation {
  country: string;
  ossEnabled: boolean;
  /** Only a company's VAT ID counts; a consumer has none. */
  buyerVatId?: string | null;
}

export function taxTreatment({ country, ossEnabled, buyerVatId }: TaxSituation): TaxTreatment {
  if (country === HOME_COUNTRY) return { kind: "domestic" };
  if (!isEuCountry(country)) return { kind: "export" };
  if (buyerVatId && vatIdFitsCountry(buyerVatId, country)) return { kind: "reverse-charge", buyerVatId: normalizeVatId(buyerVatId) };
  return ossEnabled ? { kind: "oss", country, standardPercent: EU_STANDARD_RATES[country] } : { kind: "domestic" };
}

/** No VAT at all: the customer pays net prices. */
export function isTaxFree(t: TaxTreatment): boolean {
  return t.kind === "export" || t.kind === "reverse-charge";
}

/**
 * The rate a line carries. Mugs and T-shirts are standard-rated in every member state, so under OSS the German
 * standard rate becomes the destination's; a German reduced rate has no table here and is kept.
 */
export function lineVatPercent(t: TaxTreatment, articlePercent: number): number {
  if (isTaxFree(t)) return 0;
  if (t.kind === "oss" && articlePercent === EU_STANDARD_RATES.DE) return t.standardPercent;
  return articlePercent;
}

/** Distance sales to other member states' consumers, net, per calendar year (§ 3c Abs. 4 UStG). */
export const OSS_THRESHOLD_CENTS = 1_000_000;
const NEAR_SHARE = 0.8;

export type OssThresholdLevel = "below" | "near" | "over";

/** Over when last year or this year passed the threshold: from then on each such order owes its destination's VAT. */
export function ossThresholdLevel(thisYearNetCents: number, lastYearNetCents: number): OssThresholdLevel {
  if (thisYearNetCents > OSS_THRESHOLD_CENTS || lastYearNetCents > OSS_THRESHOLD_CENTS) return "over";
  return thisYearNetCents >= OSS_THRESHOLD_CENTS * NEAR_SHARE ? "near" : "below";
}

export const OTHER_EU_COUNTRIES: readonly EuCountry[] = (Object.keys(EU_STANDARD_RATES) as EuCountry[]).filter((c) => c !== HOME_COUNTRY);
