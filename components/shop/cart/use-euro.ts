"use client";

import { useLocale } from "next-intl";
import { formatEuro } from "@/lib/format";

export function useEuro(): (cents: number) => string {
  const locale = useLocale();
  return (cents) => formatEuro(cents, locale);
}
