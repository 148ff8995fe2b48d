import { getLocale, getTranslations } from "next-intl/server";
import { formatEuro } from "@/lib/format";
import { colourLocale, lineColourDetail } from "@/lib/domain/colour-name";
import type { AdminOrderDetail } from "@/lib/schemas/admin-orders";
import { DetailCard } from "./detail-card";

const TREATMENT_LABEL = {
  domestic: null,
  oss: "treatmentOss",
  export: "treatmentExport",
  "reverse-charge": "treatmentReverseCharge",
} as const satisfies Record<AdminOrderDetail["taxTreatment"], string | null>;

export async function OrderLines({ order }: { order: AdminOrderDetail }) {
  const [t, locale] = await Promise.all([getTranslations("adminOrders.lines"), getLocale()]);
  const euro = (cents: number) => formatEuro(cents, locale);
  const totals = [
    { key: "subtotal", label: t("subtotal"), cents: order.subtotalCents },
    ...(order.discountCents > 0
      ? [{ key: "discount", label: t("discount", { code: order.discountCode ?? "" }), cents: -order.discountCents }]
      : []),
    { key: "shipping", label: t("shipping"), cents: order.shippingCents },
    { key: "tax", label: t("tax"), cents: order.taxCents },
    // Per rate only when there is more than one, e.g. goods at 7 % beside shipping at 19 %.
    ...(order.taxLines.length > 1
      ? order.taxLines.map((l) => ({ key: `tax-${l.ratePercent}`, label: t("taxAt", { percent: l.ratePercent }), cents: l.taxCents }))
      : []),
  ];
  const treatment = TREATMENT_LABEL[order.taxTreatment];
  return (
    <DetailCard title={t("title")} testId="order-lines">
      <ul className="divide-y divide-stone-100">
        {order.items.map((line) => (
          <li key={line.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2" data-testid="order-line">
            <div className="min-w-0">
              <p className="font-medium break-words">{line.articleName}</p>
              <p className="text-xs text-stone-500">
                {lineColourDetail(line, colourLocale(locale))}
                {line.personalised && <span className="ml-1 rounded bg-brand-50 px-1.5 py-0.5 text-brand-700">{t("personalised")}</span>}
              </p>
            </div>
            <div className="ml-auto text-right tabular-nums">
              <p className="font-medium">{euro(line.totalCents)}</p>
              <p className="text-xs text-stone-500">
                {t("quantityPrice", { quantity: line.quantity, price: euro(line.unitPriceCents) })} ·{" "}
                {t("vat", { percent: line.vatPercent })}
              </p>
              {line.discountCents > 0 && (
                <p className="text-xs text-emerald-800" data-testid="order-line-discount">
                  {t("lineDiscount", { amount: euro(line.discountCents) })}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-t border-stone-200 pt-2 tabular-nums">
        {totals.map((row) => (
          <div key={row.key} className="flex justify-between gap-4 text-stone-600">
            <dt>{row.label}</dt>
            <dd>{euro(row.cents)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 text-base font-semibold">
          <dt>{t("total")}</dt>
          <dd data-testid="order-total">{euro(order.totalCents)}</dd>
        </div>
      </dl>
      {treatment && (
        <p className="mt-2 text-xs text-stone-600" data-testid="order-tax-treatment">
          {t(treatment)}
        </p>
      )}
    </DetailCard>
  );
}
