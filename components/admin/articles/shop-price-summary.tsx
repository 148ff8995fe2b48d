"use client";

import { useLocale, useTranslations } from "next-intl";
import { formatEuro } from "@/lib/format";
import type { livePrice } from "./live-price";

export function ShopPriceSummary({ live, className = "" }: { live: ReturnType<typeof livePrice>; className?: string }) {
  const t = useTranslations("articles.price");
  const locale = useLocale();
  return (
    <div
      className={`flex flex-wrap items-baseline gap-x-6 gap-y-1 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 ${className}`}
      data-testid="shop-price"
      aria-live="polite"
    >
      <span className="text-sm font-medium text-stone-700">{t("shopPrice")}</span>
      {live ? (
        <>
          <span className="text-2xl font-semibold tabular-nums text-brand-700" data-testid="shop-price-gross">
            {formatEuro(live.salesGrossCents, locale)}
          </span>
          <span className="text-sm text-stone-600" data-testid="shop-price-net">
            {t("shopPriceDetail", { net: formatEuro(live.salesNetCents, locale), percent: live.salesVatPercent })}
          </span>
          {live.salesMarginCents < 0 && <span className="text-sm font-medium text-red-700">{t("belowCost")}</span>}
        </>
      ) : (
        <span className="text-sm text-stone-600" data-testid="shop-price-gross">
          {t("shopPriceUnknown")}
        </span>
      )}
    </div>
  );
}
