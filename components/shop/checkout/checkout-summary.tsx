"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Totals, type TotalsValues } from "@/components/shop/cart/totals";
import { useEuro } from "@/components/shop/cart/use-euro";
import { thumbnailUrl } from "@/lib/thumbnail-url";

export interface SummaryLine {
  key: number | string;
  imageUrl: string | null;
  name: string;
  detail: string | null;
  quantity: number;
  totalCents: number;
}

export function CheckoutSummary({
  lines,
  totals,
  discount,
  children,
}: {
  lines: SummaryLine[];
  totals: TotalsValues;
  /** The discount code form, above the totals. */
  discount?: ReactNode;
  children?: ReactNode;
}) {
  const t = useTranslations("checkout");
  const euro = useEuro();
  return (
    <aside className="card h-fit space-y-4 lg:sticky lg:top-4" aria-labelledby="checkout-summary-heading" data-testid="checkout-summary">
      <h2 id="checkout-summary-heading" className="text-lg font-semibold">
        {t("summaryTitle")}
      </h2>
      <ul className="space-y-3">
        {lines.map((line) => (
          <li key={line.key} className="flex items-center gap-3 text-sm" data-testid="summary-line">
            {line.imageUrl && (
              // eslint-disable-next-line @next/next/no-img-element -- private design previews come from our own API
              <img
                src={thumbnailUrl(line.imageUrl, 96)}
                alt=""
                width={48}
                height={48}
                className="h-12 w-12 rounded border border-stone-200 object-cover"
              />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-medium">{t("lineName", { quantity: line.quantity, name: line.name })}</p>
              {line.detail && <p className="text-stone-600">{line.detail}</p>}
            </div>
            <span className="font-medium">{euro(line.totalCents)}</span>
          </li>
        ))}
      </ul>
      {discount}
      <Totals values={totals} testId="checkout-totals" />
      {children}
    </aside>
  );
}
