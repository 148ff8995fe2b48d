"use client";

import { useEffect } from "react";
import { useLocale } from "next-intl";
import { useRouter } from "next/navigation";
import { LOCALE_COOKIE, LOCALE_STORAGE_KEY, isLocale, type Locale } from "@/lib/i18n/config";

export function saveLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    /* storage may be disabled; the cookie still carries the choice */
  }
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export function LocaleSync() {
  const locale = useLocale();
  const router = useRouter();
  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    } catch {
      return;
    }
    if (isLocale(stored) && stored !== locale) {
      saveLocale(stored);
      router.refresh();
    }
  }, [locale, router]);
  return null;
}
