"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";

export function PriceChangedNotice({ children }: { children?: ReactNode }) {
  const t = useTranslations("cart");
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
      data-testid="price-changed-notice"
    >
      <p className="font-semibold">{t("priceChangedTitle")}</p>
      <p>{t("priceChangedText")}</p>
      {children}
    </div>
  );
}
