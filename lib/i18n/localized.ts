import type { Locale } from "./config";

const present = (text: string | null | undefined): text is string => typeof text === "string" && text.trim() !== "";

export function localized(locale: Locale, en: string, de: string | null | undefined): string;
export function localized(locale: Locale, en: string | null | undefined, de: string | null | undefined): string | null;
export function localized(locale: Locale, en: string | null | undefined, de: string | null | undefined): string | null {
  const [wanted, other] = locale === "de" ? [de, en] : [en, de];
  if (present(wanted)) return wanted;
  if (present(other)) return other;
  return en ?? null;
}
