export const LOCALES = ["de", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "NEXT_LOCALE";
export const LOCALE_STORAGE_KEY = "preferredLanguage";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function shopLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export function resolveLocale(stored: string | null | undefined, browserLanguage: string | null | undefined): Locale {
  if (isLocale(stored)) return stored;
  const first = (browserLanguage ?? "").split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("de") ? "de" : DEFAULT_LOCALE;
}

export function localeFromCookieHeader(cookieHeader: string | null, acceptLanguage: string | null): Locale {
  const match = /(?:^|;\s*)NEXT_LOCALE=([^;]+)/.exec(cookieHeader ?? "");
  return resolveLocale(match?.[1], acceptLanguage);
}
