import type { Locale } from "./config";

const present = (text: string | null | undefined): text is string => typeof text === "string" && text.trim() !== "";

/**
 * A customer-facing catalogue text (article name, descriptions, variant and colour names) in the
 * caller's language: the German or English text, else the other language's (empty or whitespace
 * counts as missing). When neither has text, the English value as stored. Browser-safe.
 */
export function localized(locale: Locale, en: string, de: string | null | undefined): string;
export function localized(locale: Locale, en: string | null | undefined, de: string | null | undefined): string | null;
export function localized(locale: Locale, en: string | null | undefined, de: string | null | undefined): string | null {
  const [wanted, other] = locale === "de" ? [de, en] : [en, de];
  if (present(wanted)) return wanted;
  if (present(other)) return other;
  return en ?? null;
}
