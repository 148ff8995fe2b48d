"use client";

import { useLocale } from "next-intl";
import { formatEuro } from "@/lib/format";

/** Integer cents as euros in the active language ("14,99 €" / "€14.99"). */
export function useEuro(): (cents: number) => string {
  const locale = useLocale();
  return (cents) => formatEuro(cents, locale);
}
